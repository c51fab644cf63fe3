cgannotate --format=dot --focus='^rec$' dot/small.out
