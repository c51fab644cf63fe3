cd sites && cgannotate --auto=yes --inclusive=yes --tree=calling many.out
