cd wide && cgannotate --inclusive=yes --tree=both wide.out
