cd valgrind/cachegrind/tests && cgannotate --auto=no ann2.cgout ann2-negatives.rs ann2-more-recent-than-cgout.rs
