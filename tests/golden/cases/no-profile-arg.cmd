cd noarg && cgannotate -I=../progs
