{#- The declared CD table's decoded twin (through its layout function decode_integration_staff_image) gives the
    expected images, row for row. -#}
{{ integration_mismatches(ref('integration_staff_expected'),
                          integration_staff_image_values(ref('integration_staff_images_decoded'))) }}
