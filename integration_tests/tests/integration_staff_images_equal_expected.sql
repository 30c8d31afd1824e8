{#- The declared CD table's view (decoding the landed records through the persistent functions) gives the expected
    images, row for row. -#}
{{ integration_mismatches(ref('integration_staff_expected'),
                          integration_staff_image_values(ref('integration_staff_images'))) }}
