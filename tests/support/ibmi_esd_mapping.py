"""Which journal code / entry type carries which seed 001 ESD layout, written out here independently of
`udfs.core.layouts.ibmi_esd.ENTRY_TYPES` (no tests in this module; tests/fast/test_ibmi_esd_rendering and tests/spark/test_ibmi_esd_build use it).

HEADERS: the pairs IBM's V5R4 QSYSINC headers confirm (public copy: GitHub friedkiwi/iheaders, folder v5r4; the
comment of each struct names its journal code and entry type, e.g. "journal code B, B4 (Remove link - Parent
Directory) entry type"). With each: the struct, and the (position, width) of the struct's fields that line up with
the seed table, computed from the struct's member types (char[n] = n, int = 4, short = 2, unsigned long long = 8,
Qp0lFID_t = 16), 1-based. V5R4 differs from the seed further on in places (CCSID widths, later fields), so only the
fields that agree are listed: they are what ties the struct to the table.
"""

from __future__ import annotations

SAVE_COMMON = [(1, 3), (4, 6), (10, 6), (16, 6), (22, 1), (23, 10), (33, 10)]  # media .. save file library
APPLY = [(1, 10), (11, 10), (21, 10), (31, 10), (41, 10), (51, 10), (61, 10), (71, 10), (81, 1), (82, 20), (102, 20),
         (122, 20), (142, 20), (162, 20), (182, 20), (202, 20), (222, 20), (242, 1), (243, 1), (244, 1), (245, 1),
         (246, 1), (247, 7), (254, 4), (258, 1), (259, 1)]
MOVE = [(1, 10), (11, 10), (31, 10), (41, 10)]  # old name, old library, new name, new library
DDL = [(1, 10), (11, 10), (21, 10), (73, 4), (109, 1), (113, 2), (115, 4), (119, 2), (121, 4)]

HEADERS: dict[tuple[str, str], tuple[str, str, list[tuple[int, int]]]] = {
    # QP0LJRNL.H
    ("B", "AA"): ("ifs_audit_change", "Qp0l_AA_Journal_Entry",
                  [(1, 1), (2, 10), (12, 10), (22, 8), (30, 10), (175, 4), (187, 16), (203, 16)]),
    ("B", "AT"): ("apply_remove", "Qp0l_AT_Journal_Entry", APPLY),
    ("B", "B0"): ("ifs_begin_create", "Qp0l_B0_Journal_Entry", [(1, 4), (5, 7), (12, 1)]),
    ("B", "B1"): ("ifs_create_summary", "Qp0l_B1_Journal_Entry",
                  [(1, 4), (5, 4), (9, 4), (13, 7), (20, 1), (21, 16), (37, 10), (47, 10), (57, 10)]),
    ("B", "B2"): ("ifs_link_existing", "Qp0l_B2_Journal_Entry", [(1, 16), (17, 4), (21, 4), (25, 1), (26, 1)]),
    ("B", "B3"): ("ifs_rename_move", "Qp0l_B3_Journal_Entry",
                  [(1, 16), (17, 16), (33, 16), (49, 16), (65, 4), (69, 4), (73, 4), (77, 4), (81, 1), (82, 1), (83, 1)]),
    # B4 "Remove link - Parent Directory": JournalIdentifier (JID of object) at 37, Reserved0[7], SysOffset at 61
    ("B", "B4"): ("ifs_unlink_parent", "Qp0l_B4_Journal_Entry", [(1, 16), (17, 16), (33, 4), (37, 10), (47, 7), (61, 4)]),
    # B5 "Remove link - Link": ParentPathOffset at 37, JID of parent directory at 41, Reserved0[3]
    ("B", "B5"): ("ifs_unlink_link", "Qp0l_B5_Journal_Entry",
                  [(1, 16), (17, 16), (33, 4), (37, 4), (41, 10), (51, 7), (61, 4)]),
    ("B", "B6"): ("ifs_clear", "Qp0l_B6_Journal_Entry", [(1, 16), (17, 8), (25, 8)]),
    ("B", "B7"): ("ifs_created_object_authority", "Qp0l_B7_Journal_Entry",
                  [(1, 16), (17, 4), (21, 4), (25, 4), (29, 4), (33, 1)]),
    ("B", "BD"): ("ifs_object_fid", "Qp0l_BD_Journal_Entry", [(1, 16)]),
    ("B", "CS"): ("ifs_open_flags", "Qp0l_CS_Journal_Entry", [(1, 4)]),
    ("B", "ET"): ("ifs_object_fid", "Qp0l_ET_Journal_Entry", [(1, 16)]),
    ("B", "FA"): ("ifs_attribute_change", "Qp0l_FA_Journal_Entry", [(1, 16), (17, 16), (33, 7)]),
    ("B", "FC"): ("ifs_object_fid", "Qp0l_FC_Journal_Entry", [(1, 16)]),
    ("B", "FF"): ("ifs_old_size", "Qp0l_FF_Journal_Entry", [(1, 16), (17, 8)]),
    ("B", "FR"): ("restore", "Qp0l_FR_Journal_Entry", SAVE_COMMON + [(43, 16), (59, 16), (75, 16)]),
    ("B", "FS"): ("save", "Qp0l_FS_Journal_Entry", SAVE_COMMON + [(43, 10), (53, 6), (59, 6), (65, 10), (75, 10),
                                                                 (85, 10), (95, 10), (105, 10), (115, 16), (131, 20),
                                                                 (151, 10)]),
    ("B", "FW"): ("start_of_save", "Qp0l_FW_Journal_Entry", SAVE_COMMON + [(43, 10), (53, 6), (59, 6), (65, 16)]),
    ("B", "JA"): ("journaled_attribute_change", "Qp0l_JA_Journal_Entry", [(1, 1), (2, 10)]),
    ("B", "JT"): ("start_journaling", "Qp0l_JT_Journal_Entry", [(1, 1), (2, 1), (9, 16)]),
    ("B", "OA"): ("ifs_authority_change", "Qp0l_OA_Journal_Entry",
                  [(1, 1), (2, 10), (12, 10), (22, 8), (30, 10), (40, 10)] + [(p, 1) for p in range(50, 63)]),
    ("B", "OF"): ("ifs_open_flags", "Qp0l_OF_Journal_Entry", [(1, 4)]),
    ("B", "OG"): ("ifs_primary_group_change", "Qp0l_OG_Journal_Entry",
                  [(1, 1), (2, 10), (12, 10), (22, 8), (30, 10), (40, 10)] + [(p, 1) for p in range(50, 55)]),
    ("B", "OO"): ("ifs_owner_change", "Qp0l_OO_Journal_Entry",
                  [(1, 1), (2, 10), (12, 10), (22, 8), (30, 10), (40, 10), (193, 4), (205, 16), (221, 16)]),
    ("B", "RN"): ("ifs_fid_change", "Qp0l_RN_Journal_Entry", [(1, 16), (31, 16)]),
    ("B", "TR"): ("ifs_size_change", "Qp0l_TR_Journal_Entry", [(1, 16), (17, 8), (25, 8)]),
    ("B", "WA"): ("ifs_write", "Qp0l_WA_Journal_Entry", [(1, 16), (17, 8), (25, 8)]),
    # QMHQJRNL.H (QR, receive without key: "18 bytes of entry specific data", reserved, no struct: not mapped)
    ("Q", "QA"): ("data_queue_create", "Qmhq_QA_Journal_Entry",
                  [(1, 8), (9, 10), (19, 10), (29, 4), (33, 1), (42, 1), (43, 2), (45, 1), (46, 1), (51, 4), (55, 4),
                   (59, 1), (541, 10), (551, 50)]),
    ("Q", "QB"): ("start_journaling", "Qmhq_QB_Journal_Entry", [(1, 1), (2, 1)]),
    ("Q", "QH"): ("apply_remove", "Qmhq_QH_Journal_Entry", APPLY),
    ("Q", "QJ"): ("data_queue_clear_keyed", "Qmhq_QJ_Journal_Entry", [(3, 2), (5, 2)]),
    ("Q", "QK"): ("data_queue_send", "Qmhq_QK_Journal_Entry", [(1, 4), (5, 4), (11, 2)]),
    ("Q", "QL"): ("data_queue_receive_keyed", "Qmhq_QL_Journal_Entry", [(19, 2), (21, 2)]),
    ("Q", "QM"): ("object_move_rename", "Qmhq_QM_Journal_Entry", MOVE),
    ("Q", "QN"): ("object_move_rename", "Qmhq_QN_Journal_Entry", MOVE),
    ("Q", "QS"): ("data_queue_data", "Qmhq_QS_Journal_Entry", [(29, 4)]),
    ("Q", "QX"): ("start_of_save", "Qmhq_QX_Journal_Entry", SAVE_COMMON + [(43, 10), (53, 6), (59, 6)]),
    ("Q", "QY"): ("save", "Qmhq_QY_Journal_Entry", SAVE_COMMON + [(43, 10), (53, 6), (59, 6), (65, 10), (75, 10),
                                                                 (105, 10), (131, 20), (151, 10), (161, 1)]),
    ("Q", "QZ"): ("restore", "Qmhq_QZ_Journal_Entry", SAVE_COMMON),
    # QWCJRNL.H
    ("E", "EA"): ("data_area_change", "Qwc_EA_Journal_Entry", [(1, 4), (5, 4), (9, 4), (13, 4), (17, 10)]),
    ("E", "EB"): ("data_area_change", "Qwc_EB_Journal_Entry", [(1, 4), (5, 4), (9, 4), (13, 4), (17, 10)]),
    ("E", "EE"): ("data_area_create", "Qwc_EE_Journal_Entry",
                  [(1, 8), (9, 10), (19, 10), (29, 5), (37, 4), (41, 4), (45, 4), (49, 4), (53, 2000), (2053, 10),
                   (2063, 50)]),
    ("E", "EG"): ("start_journaling", "Qwc_EG_Journal_Entry", [(1, 1), (2, 1)]),
    ("E", "EK"): ("journaled_attribute_change", "Qwc_EK_Journal_Entry", [(1, 1), (2, 10)]),
    ("E", "EL"): ("restore", "Qwc_EL_Journal_Entry", SAVE_COMMON),
    ("E", "EM"): ("object_move_rename", "Qwc_EM_Journal_Entry", MOVE),
    ("E", "EN"): ("object_move_rename", "Qwc_EN_Journal_Entry", MOVE),
    ("E", "EQ"): ("apply_remove", "Qwc_EQ_Journal_Entry", APPLY),
    ("E", "ES"): ("save", "Qwc_ES_Journal_Entry", SAVE_COMMON + [(43, 10), (53, 6), (59, 6), (65, 10), (75, 10),
                                                                (105, 10), (131, 20), (151, 10)]),
    ("E", "EW"): ("start_of_save", "Qwc_EW_Journal_Entry", SAVE_COMMON + [(43, 10), (53, 6), (59, 6)]),
    ("E", "EX"): ("apply_remove", "Qwc_EX_Journal_Entry", APPLY),
    # QDBJRNL.H: "the journal entry types: D AC, D CG, D CT, D DC, D DT, D GC, D GO, D GT, D RV, D TC, D TD, D TG,
    # D TQ, F DM, F MC" - one struct, QdbJrnl_DDL0100; it fills 61-108, which seed table 53 lost (apply length at 73)
    **{("D", t): ("file_change", "QdbJrnl_DDL0100", DDL)
       for t in ("AC", "CG", "CT", "DC", "DT", "GC", "GO", "GT", "RV", "TC", "TD", "TG", "TQ")},
    ("F", "DM"): ("file_change", "QdbJrnl_DDL0100", DDL),
    ("F", "MC"): ("file_change", "QdbJrnl_DDL0100", DDL),
}

# Confirmed from IBM pages (reference/formats.md section 2): table titles of the layouts page, the journal finder.
PAGES: dict[tuple[str, str], str] = {
    ("F", "MO"): "partial_transactions",
    **{p: "apply_remove" for p in (("D", "DD"), ("F", "AY"), ("Y", "YH"), ("F", "RC"))},
    ("C", "CM"): "commit", ("C", "RB"): "rollback",
    ("F", "OP"): "file_open_close", ("F", "CL"): "file_open_close",
    **{("R", t): "record_image" for t in ("PT", "PX", "UP", "UB", "UR", "BR", "DL", "DR", "IL")},
}

# Recalled (not confirmed by any source we could read): kept as they were before issue 18.
RECALLED: dict[tuple[str, str], str] = {
    **{(c, "ZT"): "audit_value" for c in "EQY"}, **{(c, "ZA"): "authority_change" for c in "EQY"},
    **{(c, "ZB"): "object_attribute_change" for c in "EQY"}, **{(c, "ZP"): "primary_group_change" for c in "EQY"},
    **{(c, "ZO"): "owner_change" for c in "EQY"},
    ("F", "CE"): "change_end_of_data", ("J", "NR"): "receiver_change", ("J", "PR"): "receiver_change",
    ("F", "IT"): "identity_value", ("F", "IZ"): "initialize_member", ("F", "IU"): "in_use", ("J", "IN"): "in_use",
    ("L", "LK"): "license_key_invalid", ("C", "LW"): "logical_unit_of_work",
    ("D", "FM"): "object_move_rename", ("D", "FN"): "object_move_rename", ("F", "MM"): "object_move_rename",
    ("F", "MN"): "object_move_rename", ("F", "MR"): "restore", ("F", "MS"): "save", ("F", "RG"): "reorganize",
    **{("C", t): "savepoint" for t in ("SB", "SQ", "SU")}, ("F", "SS"): "start_of_save",
    ("D", "JF"): "start_journaling", ("F", "JM"): "start_journaling",
    ("L", "LL"): "license_limit_changed", ("L", "LU"): "license_limit_exceeded",
}

# every (code, type) -> model, as these tests expect the models to select
EXPECTED: dict[tuple[str, str], str] = {**{p: m for p, (m, _, _) in HEADERS.items()}, **PAGES, **RECALLED}
