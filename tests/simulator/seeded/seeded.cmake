# The seeded-bug suite's generator: mutants of real kernels, each made from the unmodified
# original by one exact textual edit, so that a mutant can never silently be the original.
#
#   opsim_seeded_kernel(<family> <source> <harness header> <launch> <symbols>...)
#       A kernel file and how to run it: <harness header> (tests/simulator/seeded) includes what
#       the kernel includes and defines the launcher; <launch> is the C++ expression that runs
#       one copy of the kernel, with @NS@ standing for the copy's namespace; <symbols> are the
#       kernel's C-linkage names, renamed per copy so that the copies can share one executable.
#   opsim_seeded_header(<family> <include name> <file>)
#       A header of the family's source that mutants may edit (a kernel's shared loop).
#   opsim_seeded_mutant(<family> <name> <find> <replace> <kind> <block> <instruction> <phrase>
#                       <bug>)
#       <find> must occur exactly once in the family's source and its named headers together
#       (configure fails otherwise); the mutant is that file with it replaced. The test expects a fault of FaultKindName <kind>
#       in <block> at <instruction> whose message contains <phrase>. <kind> `none` marks a bug
#       no check can see from a launch (docs/CHECKS.md says why): the test expects a clean run,
#       so that a check which starts catching it shows up. <kind> `warning.<kind>` marks a bug
#       the chip runs without complaint: the test expects no fault and that warning (launch.h's
#       sim::Warning) in <block> at <instruction>, its message containing <phrase>.
#   opsim_seeded_finish(<target>)
#       Writes one unit per family (the original and its mutants, each inside a namespace of its
#       own), the expectation table the test reads, and the Markdown table docs/CHECKS.md must
#       hold; adds them to <target>.
#
# Generation happens at configure time; an edit of any original re-runs it (the sources are
# configure dependencies), and an unchanged mutant file keeps its timestamp (no rebuild).

set(OPSIM_SEEDED_GEN_DIR ${CMAKE_CURRENT_BINARY_DIR}/seeded_gen)
set_property(GLOBAL PROPERTY OPSIM_SEEDED_FAMILIES "")
set_property(GLOBAL PROPERTY OPSIM_SEEDED_EXPECTATIONS "")
set_property(GLOBAL PROPERTY OPSIM_SEEDED_TABLE "")

# Writes `content` to `path` only when it differs, so that reconfiguring rebuilds nothing.
function(opsim_seeded_write path content)
  file(WRITE "${path}.tmp" "${content}")
  file(COPY_FILE "${path}.tmp" "${path}" ONLY_IF_DIFFERENT)
  file(REMOVE "${path}.tmp")
endfunction()

# A C++ string literal's body.
function(opsim_seeded_escape out text)
  string(REPLACE "\\" "\\\\" text "${text}")
  string(REPLACE "\"" "\\\"" text "${text}")
  string(REPLACE "\n" "\\n" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

function(opsim_seeded_kernel family source harness launch)
  if(NOT EXISTS "${source}")
    message(FATAL_ERROR "opsim_seeded_kernel(${family}): ${source} does not exist")
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${source}")
  set_property(GLOBAL APPEND PROPERTY OPSIM_SEEDED_FAMILIES ${family})
  set_property(GLOBAL PROPERTY OPSIM_SEEDED_${family}_SOURCE "${source}")
  set_property(GLOBAL PROPERTY OPSIM_SEEDED_${family}_HARNESS "${harness}")
  set_property(GLOBAL PROPERTY OPSIM_SEEDED_${family}_LAUNCH "${launch}")
  set_property(GLOBAL PROPERTY OPSIM_SEEDED_${family}_SYMBOLS "${ARGN}")
  # The unmutated kernel is a member of the family that must run clean.
  set_property(GLOBAL PROPERTY OPSIM_SEEDED_${family}_MEMBERS "${family}_original")
  set_property(GLOBAL PROPERTY OPSIM_SEEDED_${family}_original_FILE "${source}")
  set_property(GLOBAL APPEND_STRING PROPERTY OPSIM_SEEDED_EXPECTATIONS
               "{\"${family}_original\", \"${family}\", \"\", 0, \"\", \"\", \"\"},\n")
endfunction()

# A header the family's source includes as "<include name>" (<file> on disk) whose text mutants
# may edit too: such a mutant is a copy of the source with the mutated header beside it, under
# that include name, where the source's quoted include finds it before the original (the
# harness includes the original first, so that the other members still see it).
function(opsim_seeded_header family include_name file)
  if(NOT EXISTS "${file}")
    message(FATAL_ERROR "opsim_seeded_header(${family}): ${file} does not exist")
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${file}")
  set_property(GLOBAL APPEND PROPERTY OPSIM_SEEDED_${family}_HEADERS "${include_name}=${file}")
endfunction()

function(opsim_seeded_mutant family name find replace kind block instruction phrase bug)
  get_property(source GLOBAL PROPERTY OPSIM_SEEDED_${family}_SOURCE)
  if(NOT source)
    message(FATAL_ERROR "seeded mutant ${name}: family '${family}' has no opsim_seeded_kernel")
  endif()
  if(NOT name MATCHES "^[a-z][a-z0-9_]*$" OR name MATCHES "__|_original$")
    message(FATAL_ERROR "seeded mutant '${name}': names are lower_snake_case identifiers (no "
                        "'__', not ending in '_original')")
  endif()
  get_property(taken GLOBAL PROPERTY OPSIM_SEEDED_${name}_FILE SET)
  if(taken)
    message(FATAL_ERROR "seeded mutant ${name}: the name is used twice")
  endif()
  if("${find}" STREQUAL "${replace}")
    message(FATAL_ERROR "seeded mutant ${name}: the replacement equals the text it replaces")
  endif()
  # The one file of the family (its source or a header opsim_seeded_header names) holding <find>.
  set(where "")
  get_property(headers GLOBAL PROPERTY OPSIM_SEEDED_${family}_HEADERS)
  set(candidates "=${source}" ${headers})
  foreach(candidate IN LISTS candidates)
    string(REGEX REPLACE "=.*$" "" include_name "${candidate}")
    string(REGEX REPLACE "^[^=]*=" "" candidate "${candidate}")
    file(READ "${candidate}" text)
    string(FIND "${text}" "${find}" first)
    if(first EQUAL -1)
      continue()
    endif()
    string(FIND "${text}" "${find}" last REVERSE)
    if(where OR NOT first EQUAL last)
      message(FATAL_ERROR
        "seeded mutant ${name}: the text to replace occurs more than once in ${source} and the "
        "headers it names (make it longer so that the edit is exact). Text:\n${find}")
    endif()
    set(where "${candidate}")
    set(where_text "${text}")
    set(where_include "${include_name}")
  endforeach()
  if(NOT where)
    message(FATAL_ERROR
      "seeded mutant ${name}: the text to replace is not in ${source} nor the headers it names "
      "(the kernel changed: update the mutant in tests/simulator/seeded/seeded_mutants.cmake). "
      "Text:\n${find}")
  endif()
  string(REPLACE "${find}" "${replace}" mutated "${where_text}")
  get_filename_component(ext "${source}" LAST_EXT)
  if(where STREQUAL source)
    set(file "${OPSIM_SEEDED_GEN_DIR}/mutants/${name}${ext}")
    opsim_seeded_write("${file}" "${mutated}")
  else()
    # A copy of the source beside the mutated header, which its quoted include then finds first.
    get_filename_component(source_name "${source}" NAME)
    file(READ "${source}" source_text)
    set(file "${OPSIM_SEEDED_GEN_DIR}/mutants/${name}/${source_name}")
    opsim_seeded_write("${file}" "${source_text}")
    opsim_seeded_write("${OPSIM_SEEDED_GEN_DIR}/mutants/${name}/${where_include}" "${mutated}")
  endif()
  set_property(GLOBAL APPEND PROPERTY OPSIM_SEEDED_${family}_MEMBERS ${name})
  set_property(GLOBAL PROPERTY OPSIM_SEEDED_${name}_FILE "${file}")
  opsim_seeded_escape(e_phrase "${phrase}")
  opsim_seeded_escape(e_bug "${bug}")
  set_property(GLOBAL APPEND_STRING PROPERTY OPSIM_SEEDED_EXPECTATIONS
               "{\"${name}\", \"${family}\", \"${kind}\", ${block}, \"${instruction}\", \"${e_phrase}\", \"${e_bug}\"},\n")
  string(REPLACE "|" "\\|" md_bug "${bug}")
  if(kind STREQUAL "none")
    set_property(GLOBAL APPEND_STRING PROPERTY OPSIM_SEEDED_TABLE
                 "| `${name}` | ${md_bug} | none: no check sees it | | |\n")
  elseif(kind MATCHES "^warning\\.(.+)$")
    set_property(GLOBAL APPEND_STRING PROPERTY OPSIM_SEEDED_TABLE
                 "| `${name}` | ${md_bug} | warning `${CMAKE_MATCH_1}` (runs) | ${block} | `${instruction}` |\n")
  else()
    set_property(GLOBAL APPEND_STRING PROPERTY OPSIM_SEEDED_TABLE
                 "| `${name}` | ${md_bug} | `${kind}` | ${block} | `${instruction}` |\n")
  endif()
endfunction()

function(opsim_seeded_finish target)
  get_property(families GLOBAL PROPERTY OPSIM_SEEDED_FAMILIES)
  set(units "")
  set(table "| mutant | the bug | kind | block | instruction |\n|---|---|---|---|---|\n")
  foreach(family IN LISTS families)
    get_property(source GLOBAL PROPERTY OPSIM_SEEDED_${family}_SOURCE)
    get_property(harness GLOBAL PROPERTY OPSIM_SEEDED_${family}_HARNESS)
    get_property(launch GLOBAL PROPERTY OPSIM_SEEDED_${family}_LAUNCH)
    get_property(symbols GLOBAL PROPERTY OPSIM_SEEDED_${family}_SYMBOLS)
    get_property(members GLOBAL PROPERTY OPSIM_SEEDED_${family}_MEMBERS)
    string(CONCAT unit "// Generated by tests/simulator/seeded/seeded.cmake from ${source}: the kernel and its\n"
             "// seeded mutants, each in a namespace of its own. Do not edit.\n"
             "#include \"${harness}\"\n")
    foreach(member IN LISTS members)
      get_property(file GLOBAL PROPERTY OPSIM_SEEDED_${member}_FILE)
      string(APPEND unit "\n")
      foreach(symbol IN LISTS symbols)
        string(APPEND unit "#define ${symbol} seeded_${member}_${symbol}\n")
      endforeach()
      string(REPLACE "@NS@" "seeded_${member}" member_launch "${launch}")
      string(APPEND unit
        "namespace seeded_${member} {\n"
        "OPSIM_SEEDED_NAMESPACE_PRELUDE\n"
        "#include \"${file}\"\n"
        "}  // namespace seeded_${member}\n"
        "static const ::opsim::seeded::Registrar seeded_registrar_${member}(\n"
        "    \"${member}\", [] { return ${member_launch}; });\n")
      foreach(symbol IN LISTS symbols)
        string(APPEND unit "#undef ${symbol}\n")
      endforeach()
    endforeach()
    set(path "${OPSIM_SEEDED_GEN_DIR}/seeded_${family}.cc")
    opsim_seeded_write("${path}" "${unit}")
    # The kernel's own folder, for what it includes beside itself (a sample's tiling header).
    get_filename_component(source_dir "${source}" DIRECTORY)
    set_source_files_properties("${path}" PROPERTIES INCLUDE_DIRECTORIES "${source_dir}")
    # The public samples are third-party code, compiled as CANN compiles them: without our
    # warning rules (their Compute(progress) leaves the parameter unused).
    if(NOT source MATCHES "^${PROJECT_SOURCE_DIR}/op_kernel/")
      set_source_files_properties("${path}" PROPERTIES COMPILE_OPTIONS "-Wno-unused-parameter")
    endif()
    list(APPEND units "${path}")
  endforeach()
  get_property(expectations GLOBAL PROPERTY OPSIM_SEEDED_EXPECTATIONS)
  opsim_seeded_write("${OPSIM_SEEDED_GEN_DIR}/seeded_expectations.inc"
                     "// Generated by tests/simulator/seeded/seeded.cmake. Do not edit.\n${expectations}")
  get_property(rows GLOBAL PROPERTY OPSIM_SEEDED_TABLE)
  opsim_seeded_write("${OPSIM_SEEDED_GEN_DIR}/seeded_table.md" "${table}${rows}")
  target_sources(${target} PRIVATE ${units})
  target_include_directories(${target} PRIVATE ${OPSIM_SEEDED_GEN_DIR})
  target_compile_definitions(${target} PRIVATE
    OPSIM_SEEDED_TABLE_FILE="${OPSIM_SEEDED_GEN_DIR}/seeded_table.md")
endfunction()
