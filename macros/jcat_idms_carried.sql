{#- True when the record's type (EBCDIC bytes 5-8, compared as hex so no UDF runs) is one of `types`:
    a list of type names or set names from seed 004's headings (ALL, TX = BGIN COMT ENDJ ABRT RTSV,
    TXA = TX + AREA, TXAI = TXA + BFOR AFTR, STATS = COMT ENDJ ABRT, TASK = BGIN COMT ENDJ ABRT,
    IMAGES = BFOR AFTR, DIST = DIND DCOM DBAK DPND DFGT). -#}
{% macro jcat_idms_carried(types, col='record') -%}
  {{ return(adapter.dispatch('jcat_idms_carried', 'jcat')(types, col)) }}
{%- endmacro %}

{% macro jcat_idms_type_names(types) -%}
  {%- set sets = {
    'ALL': ['TIME', 'BGIN', 'AREA', 'COMT', 'ENDJ', 'RTSV', 'ABRT', 'BFOR', 'AFTR', 'DIND', 'DCOM', 'DBAK', 'DPND', 'DFGT'],
    'TX': ['BGIN', 'COMT', 'ENDJ', 'ABRT', 'RTSV'],
    'TXA': ['BGIN', 'COMT', 'ENDJ', 'ABRT', 'RTSV', 'AREA'],
    'TXAI': ['BGIN', 'COMT', 'ENDJ', 'ABRT', 'RTSV', 'AREA', 'BFOR', 'AFTR'],
    'STATS': ['COMT', 'ENDJ', 'ABRT'],
    'TASK': ['BGIN', 'COMT', 'ENDJ', 'ABRT'],
    'IMAGES': ['BFOR', 'AFTR'],
    'DIST': ['DIND', 'DCOM', 'DBAK', 'DPND', 'DFGT'],
  } -%}
  {%- set names = [] -%}
  {%- for t in ([types] if types is string else types) -%}
    {%- for n in sets.get(t, [t]) -%}{%- do names.append(n) -%}{%- endfor -%}
  {%- endfor -%}
  {{ return(names) }}
{%- endmacro %}

{% macro default__jcat_idms_carried(types, col) -%}
  {#- code page 037 letters: A-I C1-C9, J-R D1-D9, S-Z E2-E9 -#}
  {%- set ebcdic = {'A': 'C1', 'B': 'C2', 'C': 'C3', 'D': 'C4', 'E': 'C5', 'F': 'C6', 'G': 'C7', 'H': 'C8', 'I': 'C9',
                    'J': 'D1', 'K': 'D2', 'L': 'D3', 'M': 'D4', 'N': 'D5', 'O': 'D6', 'P': 'D7', 'Q': 'D8', 'R': 'D9',
                    'S': 'E2', 'T': 'E3', 'U': 'E4', 'V': 'E5', 'W': 'E6', 'X': 'E7', 'Y': 'E8', 'Z': 'E9'} -%}
  {%- set hexes = [] -%}
  {%- for n in jcat_idms_type_names(types) -%}
    {%- do hexes.append("'" ~ ebcdic[n[0]] ~ ebcdic[n[1]] ~ ebcdic[n[2]] ~ ebcdic[n[3]] ~ "'") -%}
  {%- endfor -%}
  hex(substr({{ col }}, 5, 4)) in ({{ hexes | join(', ') }})
{%- endmacro %}
