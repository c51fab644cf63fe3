cd valgrind/cachegrind/tests && cgannotate --sort=VeryLongEventName,A --show=VeryLongEventName --threshold=100 ann2.cgout
