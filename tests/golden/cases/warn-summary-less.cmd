sed 's/^summary: .*/summary: 1000/' progs/hot.out > s.out && cgannotate --auto=no s.out > /dev/null
