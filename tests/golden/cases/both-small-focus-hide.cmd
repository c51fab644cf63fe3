cgannotate --inclusive=both --auto=no --focus='^rec$' --hide=helper dot/small.out
