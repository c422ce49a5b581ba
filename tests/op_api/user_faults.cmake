# Operator libraries whose user code throws, exits or crashes on request (issue 24), loaded by
# op_api_tests (user_code_boundary_test.cc, user_code_crash_test.cc) and tools_tests
# (user_code_cli_test.cc, user_code_crash_cli_test.cc): user_faults (exceptions, lies, kernels
# that crash or spin) and host_crashes (signals and exit() in host code, exit() in a kernel).
# Plain shared libraries: no kernel_operator.h, so they build in a few seconds. Shared builds
# only (a static opsim_op_api would be a second registry).
if(TARGET op_api_tests AND BUILD_SHARED_LIBS)
  add_library(user_faults_ops SHARED ${CMAKE_CURRENT_LIST_DIR}/testdata/user_faults/user_faults.cc)
  target_link_libraries(user_faults_ops PRIVATE opsim_op_api opsim_warnings)
  add_dependencies(op_api_tests user_faults_ops)
  target_compile_definitions(op_api_tests PRIVATE
                             OPSIM_USER_FAULTS_LIBRARY="$<TARGET_FILE:user_faults_ops>")
  add_library(host_crashes_ops SHARED
              ${CMAKE_CURRENT_LIST_DIR}/testdata/host_crashes/host_crashes.cc)
  target_link_libraries(host_crashes_ops PRIVATE opsim_op_api opsim_warnings)
  add_dependencies(op_api_tests host_crashes_ops)
  target_compile_definitions(op_api_tests PRIVATE
                             OPSIM_HOST_CRASH_LIBRARY="$<TARGET_FILE:host_crashes_ops>")
  if(TARGET aclnn_tests)  # a kernel that faults, called through aclnn
    add_dependencies(aclnn_tests user_faults_ops)
    target_link_libraries(aclnn_tests PRIVATE opsim_op_api)
    target_compile_definitions(aclnn_tests PRIVATE
                               OPSIM_USER_FAULTS_LIBRARY="$<TARGET_FILE:user_faults_ops>")
  endif()
  if(TARGET tools_tests)  # the CLI's side: user_code_cli_test.cc, user_code_crash_cli_test.cc
    add_dependencies(tools_tests user_faults_ops host_crashes_ops)
    target_compile_definitions(tools_tests PRIVATE
                               OPSIM_USER_FAULTS_LIBRARY="$<TARGET_FILE:user_faults_ops>"
                               OPSIM_HOST_CRASH_LIBRARY="$<TARGET_FILE:host_crashes_ops>")
  endif()
endif()
