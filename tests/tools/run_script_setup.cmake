# The start of the ctest scripts that drive `opsim run` (run_unchecked_baseline.cmake,
# run_shards_merge.cmake): every -D variable the script names in `opsim_required` must be given,
# WORK becomes an empty scratch folder, and `select` holds the --filter arguments when FILTER is
# set.
get_filename_component(opsim_script "${CMAKE_SCRIPT_MODE_FILE}" NAME)
foreach(var IN LISTS opsim_required)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "${opsim_script} needs -D${var}=...")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(select)
if(FILTER)
  set(select --filter ${FILTER})
endif()
