cgannotate -h --bogus
