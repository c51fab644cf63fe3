cd aprof/named && cgannotate
