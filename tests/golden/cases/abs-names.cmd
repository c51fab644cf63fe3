cgannotate abs/inline.out
