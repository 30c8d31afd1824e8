{#- Which journal code / entry type carries which seed 001 ESD layout: the one place the mapping lives.
    Rendered from ENTRY_TYPES in udfs/layouts/ibmi_esd.py (edit there); docs/ibmi_esd.md gives each status.
    status: confirmed (IBM table title / journal entry finder) or recalled (not yet checked). -#}
{% macro jcat_ibmi_esd_entry_types() -%}
{{ return([
    ('partial_transactions', 'F', 'MO', 'confirmed'),
    ('apply_remove', 'B', 'AT', 'confirmed'),
    ('apply_remove', 'D', 'DD', 'confirmed'),
    ('apply_remove', 'E', 'EQ', 'confirmed'),
    ('apply_remove', 'F', 'AY', 'confirmed'),
    ('apply_remove', 'Q', 'QH', 'confirmed'),
    ('apply_remove', 'Y', 'YH', 'confirmed'),
    ('apply_remove', 'E', 'EX', 'confirmed'),
    ('apply_remove', 'F', 'RC', 'confirmed'),
    ('audit_value', 'E', 'ZT', 'recalled'),
    ('audit_value', 'Q', 'ZT', 'recalled'),
    ('audit_value', 'Y', 'ZT', 'recalled'),
    ('authority_change', 'E', 'ZA', 'recalled'),
    ('authority_change', 'Q', 'ZA', 'recalled'),
    ('authority_change', 'Y', 'ZA', 'recalled'),
    ('change_end_of_data', 'F', 'CE', 'recalled'),
    ('object_attribute_change', 'E', 'ZB', 'recalled'),
    ('object_attribute_change', 'Q', 'ZB', 'recalled'),
    ('object_attribute_change', 'Y', 'ZB', 'recalled'),
    ('primary_group_change', 'E', 'ZP', 'recalled'),
    ('primary_group_change', 'Q', 'ZP', 'recalled'),
    ('primary_group_change', 'Y', 'ZP', 'recalled'),
    ('receiver_change', 'J', 'NR', 'recalled'),
    ('receiver_change', 'J', 'PR', 'recalled'),
    ('commit', 'C', 'CM', 'confirmed'),
    ('data_area_create', 'E', 'EE', 'recalled'),
    ('data_queue_create', 'Q', 'QA', 'recalled'),
    ('data_queue_clear_keyed', 'Q', 'QJ', 'recalled'),
    ('file_open_close', 'F', 'OP', 'confirmed'),
    ('file_open_close', 'F', 'CL', 'confirmed'),
    ('ifs_begin_create', 'B', 'B0', 'confirmed'),
    ('ifs_audit_change', 'B', 'AA', 'confirmed'),
    ('ifs_authority_change', 'B', 'OA', 'confirmed'),
    ('ifs_owner_change', 'B', 'OO', 'confirmed'),
    ('ifs_primary_group_change', 'B', 'OG', 'confirmed'),
    ('ifs_created_object_authority', 'B', 'B7', 'confirmed'),
    ('ifs_create_summary', 'B', 'B1', 'confirmed'),
    ('ifs_object_fid', 'B', 'BD', 'recalled'),
    ('ifs_link_existing', 'B', 'B2', 'confirmed'),
    ('ifs_attribute_change', 'B', 'FA', 'confirmed'),
    ('ifs_unlink_parent', 'B', 'B4', 'confirmed'),
    ('ifs_unlink_link', 'B', 'B5', 'confirmed'),
    ('ifs_rename_move', 'B', 'B3', 'confirmed'),
    ('ifs_write', 'B', 'WA', 'recalled'),
    ('identity_value', 'F', 'IT', 'recalled'),
    ('initialize_member', 'F', 'IZ', 'recalled'),
    ('in_use', 'F', 'IU', 'recalled'),
    ('in_use', 'J', 'IN', 'recalled'),
    ('record_image', 'R', 'PT', 'confirmed'),
    ('record_image', 'R', 'PX', 'confirmed'),
    ('record_image', 'R', 'UP', 'confirmed'),
    ('record_image', 'R', 'UB', 'confirmed'),
    ('record_image', 'R', 'UR', 'confirmed'),
    ('record_image', 'R', 'BR', 'confirmed'),
    ('record_image', 'R', 'DL', 'confirmed'),
    ('record_image', 'R', 'DR', 'confirmed'),
    ('record_image', 'R', 'IL', 'confirmed'),
    ('license_key_invalid', 'L', 'LK', 'recalled'),
    ('logical_unit_of_work', 'C', 'LW', 'recalled'),
    ('object_move_rename', 'D', 'FM', 'recalled'),
    ('object_move_rename', 'D', 'FN', 'recalled'),
    ('object_move_rename', 'E', 'EM', 'recalled'),
    ('object_move_rename', 'E', 'EN', 'recalled'),
    ('object_move_rename', 'F', 'MM', 'recalled'),
    ('object_move_rename', 'F', 'MN', 'recalled'),
    ('object_move_rename', 'Q', 'QM', 'recalled'),
    ('object_move_rename', 'Q', 'QN', 'recalled'),
    ('file_change', 'D', 'CT', 'confirmed'),
    ('file_change', 'D', 'CG', 'confirmed'),
    ('file_change', 'D', 'TC', 'recalled'),
    ('file_change', 'D', 'TD', 'recalled'),
    ('file_change', 'D', 'TG', 'recalled'),
    ('restore', 'B', 'FR', 'recalled'),
    ('restore', 'F', 'MR', 'recalled'),
    ('restore', 'Q', 'QZ', 'recalled'),
    ('save', 'B', 'FS', 'recalled'),
    ('save', 'E', 'ES', 'recalled'),
    ('save', 'F', 'MS', 'recalled'),
    ('save', 'Q', 'QY', 'recalled'),
    ('owner_change', 'E', 'ZO', 'recalled'),
    ('owner_change', 'Q', 'ZO', 'recalled'),
    ('owner_change', 'Y', 'ZO', 'recalled'),
    ('data_queue_receive_keyed', 'Q', 'QR', 'recalled'),
    ('rollback', 'C', 'RB', 'confirmed'),
    ('reorganize', 'F', 'RG', 'recalled'),
    ('savepoint', 'C', 'SB', 'recalled'),
    ('savepoint', 'C', 'SQ', 'recalled'),
    ('savepoint', 'C', 'SU', 'recalled'),
    ('data_queue_send', 'Q', 'QK', 'recalled'),
    ('data_queue_data', 'Q', 'QS', 'recalled'),
    ('data_queue_data', 'Q', 'QL', 'recalled'),
    ('start_of_save', 'B', 'FW', 'recalled'),
    ('start_of_save', 'E', 'EW', 'recalled'),
    ('start_of_save', 'F', 'SS', 'recalled'),
    ('start_of_save', 'Q', 'QX', 'recalled'),
    ('start_journaling', 'B', 'JT', 'confirmed'),
    ('start_journaling', 'D', 'JF', 'recalled'),
    ('start_journaling', 'E', 'EG', 'recalled'),
    ('start_journaling', 'F', 'JM', 'recalled'),
    ('start_journaling', 'Q', 'QB', 'recalled'),
    ('license_limit_changed', 'L', 'LL', 'recalled'),
    ('license_limit_exceeded', 'L', 'LU', 'recalled'),
    ('data_area_change', 'E', 'EA', 'recalled'),
    ('data_area_change', 'E', 'EB', 'recalled')
]) }}
{%- endmacro %}

{#- The WHERE condition selecting a layout's entries; `false` when no entry type is known for it. -#}
{% macro jcat_ibmi_esd_entries(layout) -%}
  {%- set by_code = {} -%}
  {%- for m, c, t, s in jcat_ibmi_esd_entry_types() if m == layout -%}
    {%- do by_code.setdefault(c, []).append(t) -%}
  {%- endfor -%}
  {%- if by_code -%}
    {%- for c, ts in by_code.items() -%}
      (JOURNAL_CODE = '{{ c }}' and JOURNAL_ENTRY_TYPE in ('{{ ts | join("', '") }}')){{ ' or ' if not loop.last }}
    {%- endfor -%}
  {%- else -%}
    false
  {%- endif -%}
{%- endmacro %}

{#- Single-byte EBCDIC CCSIDs the catalog's ebcdic_str decodes (udfs/kernels/ebcdic.py SUPPORTED_CCSIDS). -#}
{% macro jcat_ibmi_esd_ebcdic_ccsids() -%}
{{ return([37, 273, 277, 278, 280, 284, 285, 297, 500, 871, 1047, 1140, 1141, 1142, 1143, 1144, 1145, 1146, 1147, 1148, 1149]) }}
{%- endmacro %}
