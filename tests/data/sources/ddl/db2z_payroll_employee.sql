-- Written for jcat in the form the DB2 Admin Tool (GEN) writes a Db2 for z/OS table: SET CURRENT SQLID,
-- quoted names, the table options one a line, COMMIT after each object, the key by ALTER TABLE, the index
-- with its storage. Not copied from any system; the table is jcat's own test table.
--
  SET CURRENT SQLID='DBA01';
--
  CREATE TABLE "PAYROLL"."EMPLOYEE"
     ("EMPNO"              CHAR(6) FOR SBCS DATA NOT NULL,
      "LASTNAME"           VARCHAR(15) FOR SBCS DATA NOT NULL,
      "DEPT"               CHAR(3) FOR SBCS DATA WITH DEFAULT NULL,
      "SALARY"             DECIMAL(9, 2) NOT NULL WITH DEFAULT,
      "BONUS"              DEC,
      "HIRED"              DATE NOT NULL,
      "SHIFT_START"        TIME,
      "UPDATED"            TIMESTAMP(0) NOT NULL WITH DEFAULT,
      "HOURS"              SMALLINT,
      "EMP_SEQ"            BIGINT NOT NULL,
      "RATE"               REAL,
      "photo_key"          BINARY(4),
      "BADGE"              VARBINARY(16),
      "Mixed Case"         CHARACTER VARYING(10) CCSID EBCDIC,
      "RATIO"              DOUBLE PRECISION,
      "SCORE"              FLOAT(21),
      "GRADE"              NUM(3, 1)
     )
    IN PAYDB01.PAYTS01
    AUDIT NONE
    DATA CAPTURE CHANGES
    CCSID EBCDIC
    NOT VOLATILE
    APPEND NO
    WITH RESTRICT ON DROP
  ;
  COMMIT;
  ALTER TABLE "PAYROLL"."EMPLOYEE"
    ADD CONSTRAINT "EMPPK" PRIMARY KEY
     ("EMPNO"
     );
  COMMIT;
  CREATE UNIQUE INDEX "PAYROLL"."XEMP1"
    ON "PAYROLL"."EMPLOYEE"
     ("EMPNO"              ASC
     )
    USING STOGROUP PAYSG01
    PRIQTY 48 SECQTY 48
    ERASE NO
    FREEPAGE 0 PCTFREE 10
    GBPCACHE CHANGED
    CLUSTER
    BUFFERPOOL BP0
    CLOSE YES
    COPY NO;
  COMMIT;
  COMMENT ON TABLE "PAYROLL"."EMPLOYEE" IS 'Employees';
  COMMENT ON COLUMN "PAYROLL"."EMPLOYEE"."SALARY" IS 'Yearly salary';
