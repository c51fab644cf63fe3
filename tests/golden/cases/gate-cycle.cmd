cgannotate --diff --auto=no --fail-above=50:'^(even|odd)$' --fail-above=100:'^(even|odd)$' --fail-above=80 diff/rec-old.out diff/rec-new.out
