"""`jcat serve`: Spark Thrift (HiveServer2) with a session per connection (server, Java sources and jar in java/), and
the SQLAlchemy dialect for BI tools (sqlalchemy_dialect)."""
