# The driver is opsim's own and the host compiler it runs was tested with the CXX language.
set(CMAKE_ASC_COMPILER_WORKS 1 CACHE INTERNAL "")
