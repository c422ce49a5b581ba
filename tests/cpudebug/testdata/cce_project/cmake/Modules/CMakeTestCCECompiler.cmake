# The CCE compiler is not test-compiled at configure time (as in the projects it mimics).
set(CMAKE_CCE_COMPILER_WORKS 1 CACHE INTERNAL "")
