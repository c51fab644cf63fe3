cd wide && cgannotate --sort=Dr --inclusive=yes wide.out
