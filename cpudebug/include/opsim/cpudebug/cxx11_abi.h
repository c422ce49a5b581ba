// Force-included (-include) by the tikicpulib package into the C++ sources of an older
// kernel-launch project (project(LANGUAGES CCE CXX), cmake/cpu/CMakeLists.txt) before their
// first line. Those projects compile the kernel file together with main.cpp under
// -D_GLIBCXX_USE_CXX11_ABI=0, the ABI of CANN's own CPU-debug libraries. opsim's libraries use
// the new ABI, and kernel_operator.h's inline code reads opsim structures holding std::string,
// so the kernel must be compiled with the ABI opsim was built with: switch it back here, before
// any standard header fixes the ABI for the translation unit. Every library such a program
// links is opsim's, so nothing in it needs the old ABI. (docs/CPU_DEBUG.md, "Older projects")
#ifdef _GLIBCXX_USE_CXX11_ABI
#undef _GLIBCXX_USE_CXX11_ABI
#endif
#define _GLIBCXX_USE_CXX11_ABI 1
