{#- Fails with every row that is in one relation and not in the other. -#}
{{ integration_mismatches(ref('integration_expected'), ref('integration_actual')) }}
