cd sites && cgannotate --auto=yes many.out
