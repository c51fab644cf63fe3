cd diff && cgannotate no-final-newline.out
