cd valgrind/cachegrind/tests && cgannotate ann2.cgout ann2-past-the-end.rs ann2-basic.rs
