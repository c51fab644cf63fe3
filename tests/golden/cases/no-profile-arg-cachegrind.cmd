cd noarg-cg && cgannotate --auto=no
