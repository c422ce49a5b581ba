# opsim_add_op_library(<target> SOURCES <op_host and op_kernel files>...)
#
# Builds a shared operator library from an unchanged Ascend operator project: the op_host files
# (OpDef, InferShape, tiling function; C++17 as CANN builds them) and the op_kernel files (one
# kernel per op, named after it in snake_case). CANN's operator build compiles each kernel once
# per dtype column of its OpDef with DTYPE_<NAME> macros; so does this: a build step
# (opsim_op_gen) loads the host part, reads the OpDefs and writes one unit per column, which
# includes the kernel file with that column's macros and registers it for (op, column).
# `opsim exec|bench|graph|run --library <lib>` (or OPSIM_OP_LIBRARIES) loads the result; a
# program may also link it and find its ops in the registry.
#
# Files under a folder named op_kernel are kernels; .h/.hpp files are headers (the tiling
# headers are also found beside the host sources and beside the kernels); everything else is
# host code.
#
# CANN's build compiles a kernel once per dtype column; here each column is one generated unit,
# and CMake must know the units before the OpDefs can be read (they are read by running the
# host code). So a library gets OPSIM_OP_LIBRARY_COLUMN_SLOTS units per kernel, or more when its
# host sources spell a longer list of ge::DT_* values (Cast's 65, Bincount's 180), or exactly
# COLUMN_SLOTS <n>; opsim_op_gen names the number when an OpDef still has more columns.
set(OPSIM_OP_LIBRARY_COLUMN_SLOTS 16)

# The longest braced list of ge::DT_* values in <sources> (a .DataType({...}) or the
# std::vector<ge::DataType> a .DataType(list) names), times the sizes of a file's
# .DataTypeList({...}) lists (each combines with every column of the others: the OpDef
# registers the product, op_api's ExpandDataTypeLists): an upper bound of the dtype columns an
# OpDef among them declares, counted before anything is compiled. A list built in code is not
# seen; the generator then says how many slots to give.
function(_opsim_op_library_dtype_columns out_var)
  set(most 0)
  foreach(src IN LISTS ARGN)
    file(READ "${src}" text)
    # ; and [ ] would split or group the matches as a CMake list.
    string(REPLACE ";" "," text "${text}")
    string(REPLACE "[" "(" text "${text}")
    string(REPLACE "]" ")" text "${text}")
    # The DataTypeList lists first, out of the text, so that they are not counted as columns.
    string(REGEX MATCHALL "DataTypeList[ \t\r\n]*[(][ \t\r\n]*{[^{}]*}" type_lists "${text}")
    string(REGEX REPLACE "DataTypeList[ \t\r\n]*[(][ \t\r\n]*{[^{}]*}" "" text "${text}")
    set(product 1)
    foreach(braced IN LISTS type_lists)
      string(REGEX MATCHALL "DT_[A-Z0-9_]+" dtypes "${braced}")
      list(LENGTH dtypes n)
      if(n GREATER 0)
        math(EXPR product "${product} * ${n}")
      endif()
    endforeach()
    set(longest 1)
    string(REGEX MATCHALL "{[^{}]*DT_[^{}]*}" lists "${text}")
    foreach(braced IN LISTS lists)
      string(REGEX MATCHALL "DT_[A-Z0-9_]+" dtypes "${braced}")
      list(LENGTH dtypes n)
      if(n GREATER longest)
        set(longest ${n})
      endif()
    endforeach()
    if(lists OR type_lists)
      math(EXPR n "${longest} * ${product}")
      if(n GREATER most)
        set(most ${n})
      endif()
    endif()
  endforeach()
  set(${out_var} ${most} PARENT_SCOPE)
endfunction()

# A kernel testing TILING_KEY_VAR in #if or #elif (in its file or any source or header under its
# folder) is compiled once per group of keys those conditions tell apart, as CANN compiles each
# key with TILING_KEY_VAR a constant: the units per dtype column it needs at most, 2^<such
# lines> up to 16 (opsim_op_gen names the number when it needs more: KEY_SLOTS), or 0.
function(_opsim_op_library_key_groups out_var kernel)
  get_filename_component(kernel_dir "${kernel}" DIRECTORY)
  file(GLOB_RECURSE files "${kernel_dir}/*.h" "${kernel_dir}/*.hh" "${kernel_dir}/*.hpp"
       "${kernel_dir}/*.cpp" "${kernel_dir}/*.cc")
  set(conditions 0)
  foreach(file IN LISTS files)
    file(STRINGS "${file}" lines REGEX "^[ \t]*#[ \t]*(el)?if.*TILING_KEY_VAR")
    list(LENGTH lines n)
    math(EXPR conditions "${conditions} + ${n}")
  endforeach()
  set(groups 0)
  if(conditions GREATER 0)
    set(groups 1)
    foreach(i RANGE 1 ${conditions})
      if(groups LESS 16)
        math(EXPR groups "${groups} * 2")
      endif()
    endforeach()
  endif()
  set(${out_var} ${groups} PARENT_SCOPE)
endfunction()

# Every kernel unit begins with the same prelude (kernel_operator.h and the standard headers),
# which is nearly all of its compile time: about 1.2 s of GCC, against 0.15 s with the prelude
# precompiled, whose own build takes about 3.5 s (docs/PERFORMANCE.md, session 34). So a library
# with enough units that hold a kernel parses it once; a unit holding only a comment (a dtype slot
# past the spelled columns) does not load it.
function(_opsim_op_library_precompile target units comment_units)
  list(LENGTH units all)
  list(LENGTH comment_units comments)
  math(EXPR kernel_units "${all} - ${comments}")
  if(kernel_units LESS 6)
    return()
  endif()
  target_precompile_headers(${target} PRIVATE <opsim/op_api/op_kernel_prelude.h>)
  if(comment_units)
    set_source_files_properties(${comment_units} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
  endif()
endfunction()

# add_ops_compile_options(ALL|<OpType>|OP_NAME <OpType> [COMPUTE_UNIT ...] OPTIONS <opts>...)
#
# CANN's operator project function (msopgen's op_kernel/CMakeLists.txt), taken as it is written
# there. Of the device compiler's options only --cce-auto-sync[=on|off] means anything on the
# simulator: the kernels of the named op type (or ALL) of every later opsim_add_op_library run
# with LaunchOptions::auto_sync off (docs/CHECKS.md, "Synchronisation"). The others (-g, -O0,
# -D..., -I..., -mllvm ...) concern the chip's binary and are ignored.
function(add_ops_compile_options)
  cmake_parse_arguments(ARG "" "OP_NAME;OP_TYPE" "COMPUTE_UNIT;OPTIONS" ${ARGN})
  set(op "${ARG_OP_NAME}")
  if(NOT op)
    set(op "${ARG_OP_TYPE}")
  endif()
  if(NOT op)
    list(LENGTH ARG_UNPARSED_ARGUMENTS unparsed)
    if(unparsed EQUAL 1)
      set(op "${ARG_UNPARSED_ARGUMENTS}")
    endif()
  endif()
  if(NOT op OR NOT ARG_OPTIONS)
    message(FATAL_ERROR "add_ops_compile_options(${ARGN}): expected ALL, an op type or OP_NAME "
                        "<op type>, then OPTIONS <options>...")
  endif()
  foreach(option IN LISTS ARG_OPTIONS)
    if(option MATCHES "^--cce-auto-sync(=(.*))?$")
      set(value "${CMAKE_MATCH_2}")
      if(value STREQUAL "" OR value STREQUAL "on")
        set_property(GLOBAL APPEND PROPERTY OPSIM_OP_AUTO_SYNC "${op}=on")
      elseif(value STREQUAL "off")
        set_property(GLOBAL APPEND PROPERTY OPSIM_OP_AUTO_SYNC "${op}=off")
      else()
        message(FATAL_ERROR "add_ops_compile_options(${op}): '${option}' is not an auto-sync "
                            "setting (expected --cce-auto-sync, --cce-auto-sync=on or "
                            "--cce-auto-sync=off)")
      endif()
    endif()
  endforeach()
endfunction()

# Options: CXX_STANDARD <n> (default 17, as CANN builds operator projects) for the host code;
# LINK_LIBRARIES <targets>... that the host code and the kernels use; AUTO_SYNC ON|OFF (default
# ON): whether the kernels were built with CANN's --cce-auto-sync (docs/CHECKS.md); OFF records
# in the library that every launch of its kernels (exec, bench, run, graph, a program's
# Operation) runs with LaunchOptions::auto_sync off. --cce-auto-sync=off given earlier through
# add_ops_compile_options does the same for the op types it names. OPAPI <name>: also the
# single-operator API of every op, lib<name>.so (target <target>_opapi; docs/ACLNN.md).
# COLUMN_SLOTS <n>: generated units per kernel (default above), for an OpDef whose dtype list
# the sources do not spell out. KEY_SLOTS <n>: units per dtype column of a kernel that tests
# TILING_KEY_VAR in #if (one per group of keys its conditions tell apart; default: 2^<such
# conditions>, at most 16), for one that needs more (opsim_op_gen names the number).
# Whether one of `files`, or a file they include by a quoted path that resolves beside the
# including file ("x.h", "../utils/x.h"), in turn, names a column macro (DTYPE_X, ORIG_DTYPE_X,
# DTYPE_##name; not CANN's ASCENDC_TPL_DTYPE_DECL/_SEL). `read_out`: the files read.
function(_opsim_op_library_names_column_macro out read_out)
  set(pending ${ARGN})
  set(read "")
  set(found FALSE)
  while(pending AND NOT found)
    list(POP_FRONT pending current)
    get_filename_component(current "${current}" REALPATH)
    list(FIND read "${current}" seen)  # (not IN_LIST: a user project may predate CMP0057)
    if(seen GREATER -1 OR NOT EXISTS "${current}" OR IS_DIRECTORY "${current}")
      continue()
    endif()
    list(APPEND read "${current}")
    file(STRINGS "${current}" column_macros REGEX "(^|[^A-Za-z0-9_])(ORIG_)?DTYPE_" LIMIT_COUNT 1)
    if(column_macros)
      set(found TRUE)
    endif()
    file(STRINGS "${current}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"[^\"]+\"")
    get_filename_component(dir "${current}" DIRECTORY)
    foreach(line IN LISTS includes)
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\".*" "\\1" name "${line}")
      list(APPEND pending "${dir}/${name}")
    endforeach()
  endwhile()
  set(${out} ${found} PARENT_SCOPE)
  set(${read_out} ${read} PARENT_SCOPE)
endfunction()

function(opsim_add_op_library target)
  cmake_parse_arguments(ARG "" "CXX_STANDARD;AUTO_SYNC;OPAPI;COLUMN_SLOTS;KEY_SLOTS"
                        "SOURCES;LINK_LIBRARIES" ${ARGN})
  if(NOT ARG_CXX_STANDARD)
    set(ARG_CXX_STANDARD 17)
  endif()
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "opsim_add_op_library(${target}): unknown arguments "
                        "'${ARG_UNPARSED_ARGUMENTS}' (expected SOURCES, LINK_LIBRARIES, "
                        "CXX_STANDARD, AUTO_SYNC, OPAPI, COLUMN_SLOTS, KEY_SLOTS)")
  endif()
  if(DEFINED ARG_KEY_SLOTS AND NOT ARG_KEY_SLOTS MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "opsim_add_op_library(${target}): KEY_SLOTS '${ARG_KEY_SLOTS}' "
                        "(expected a positive number of units per dtype column)")
  endif()
  if(DEFINED ARG_COLUMN_SLOTS AND NOT ARG_COLUMN_SLOTS MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "opsim_add_op_library(${target}): COLUMN_SLOTS '${ARG_COLUMN_SLOTS}' "
                        "(expected a positive number of dtype columns)")
  endif()
  set(auto_sync_args "")
  if(DEFINED ARG_AUTO_SYNC)
    if(ARG_AUTO_SYNC STREQUAL "OFF")
      list(APPEND auto_sync_args --auto-sync-off ALL)
    elseif(NOT ARG_AUTO_SYNC STREQUAL "ON")
      message(FATAL_ERROR "opsim_add_op_library(${target}): AUTO_SYNC '${ARG_AUTO_SYNC}' "
                          "(expected ON or OFF)")
    endif()
  endif()
  # The project's add_ops_compile_options, in order: a later setting for an op type wins.
  get_property(project_settings GLOBAL PROPERTY OPSIM_OP_AUTO_SYNC)
  set(project_off "")
  foreach(setting IN LISTS project_settings)
    string(REGEX MATCH "^(.*)=(on|off)$" unused "${setting}")
    set(op "${CMAKE_MATCH_1}")
    if(op STREQUAL "ALL")
      set(project_off "")
      if(CMAKE_MATCH_2 STREQUAL "off")
        set(project_off ALL)
      endif()
    else()
      list(REMOVE_ITEM project_off "${op}")
      if(CMAKE_MATCH_2 STREQUAL "off")
        list(APPEND project_off "${op}")
      endif()
    endif()
  endforeach()
  foreach(op IN LISTS project_off)
    list(APPEND auto_sync_args --project-auto-sync-off "${op}")
  endforeach()
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "opsim_add_op_library(${target}): SOURCES is empty")
  endif()
  set(hosts "")
  set(kernels "")
  set(headers "")
  foreach(src IN LISTS ARG_SOURCES)
    get_filename_component(abs "${src}" ABSOLUTE)
    if(NOT EXISTS "${abs}")
      message(FATAL_ERROR "opsim_add_op_library(${target}): ${abs} does not exist")
    endif()
    if(abs MATCHES "\\.(h|hh|hpp)$")
      list(APPEND headers "${abs}")
    elseif(abs MATCHES "/op_kernel/")
      list(APPEND kernels "${abs}")
    else()
      list(APPEND hosts "${abs}")
      get_filename_component(dir "${abs}" DIRECTORY)
      file(GLOB beside "${dir}/*.h" "${dir}/*.hpp")
      list(APPEND headers ${beside})
    endif()
  endforeach()
  list(REMOVE_DUPLICATES headers)
  if(NOT hosts)
    message(FATAL_ERROR "opsim_add_op_library(${target}): no op_host source among SOURCES")
  endif()
  set(slots ${OPSIM_OP_LIBRARY_COLUMN_SLOTS})
  set(spelled 0)
  if(DEFINED ARG_COLUMN_SLOTS)
    set(slots ${ARG_COLUMN_SLOTS})
  else()
    _opsim_op_library_dtype_columns(spelled ${hosts})
    if(spelled GREATER slots)
      set(slots ${spelled})
    endif()
    # A longer list after an edit needs more units: configure again then.
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${hosts})
  endif()

  # opsim::opsim_op_api brings the include roots of CANN's op-base headers too ("log/log.h",
  # "util/math_util.h", "op_common/...", "infershape_elewise_util.h"; op_api/CMakeLists.txt);
  # opsim::opsim_cpu_kernel CANN's AI CPU kernel API, for sources of op_kernel_aicpu/ (host code).
  add_library(${target}_host OBJECT ${hosts})
  target_link_libraries(${target}_host PUBLIC opsim::opsim_op_api opsim::opsim_cpu_kernel
                                              ${ARG_LINK_LIBRARIES}
                                       PRIVATE opsim::opsim_op_host_roots)
  set_target_properties(${target}_host PROPERTIES POSITION_INDEPENDENT_CODE ON
                        CXX_STANDARD ${ARG_CXX_STANDARD} CXX_STANDARD_REQUIRED ON)
  # The host part alone, for the generator to read the OpDefs from.
  add_library(${target}_opdefs MODULE $<TARGET_OBJECTS:${target}_host>)
  target_link_libraries(${target}_opdefs PRIVATE opsim::opsim_op_api opsim::opsim_cpu_kernel
                                                 ${ARG_LINK_LIBRARIES})
  target_link_options(${target}_opdefs PRIVATE LINKER:-Bsymbolic-functions)  # as ${target}

  set(gen_dir "${CMAKE_CURRENT_BINARY_DIR}/${target}_kernels")
  set(key_slots 0)
  set(key_kernels "")
  set(units "")
  # The slots past the dtype columns the sources spell hold only a comment (when they spell
  # any): they are left out of the precompiled prelude below.
  set(comment_units "")
  set(gen_args "")
  foreach(kernel IN LISTS kernels)
    get_filename_component(stem "${kernel}" NAME_WE)
    # A kernel that names no DTYPE_ macro (nor do the headers beside it, which it may include,
    # nor those it includes by a relative path: ops-nn's foreach kernels reach theirs through
    # "../foreach_utils/...") compiles to the same code in every column: one unit, registered
    # for all of them.
    get_filename_component(kernel_dir "${kernel}" DIRECTORY)
    file(GLOB kernel_headers "${kernel_dir}/*.h" "${kernel_dir}/*.hpp" "${kernel_dir}/*.hh")
    _opsim_op_library_names_column_macro(per_column included ${kernel} ${kernel_headers})
    list(APPEND kernel_headers ${included})
    # Which it is can change with an edit: configure again then.
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${kernel} ${kernel_headers})
    set(last 0)
    set(columns 1)
    if(per_column)
      math(EXPR last "${slots} - 1")
      set(columns ${slots})
      if(spelled GREATER 0 AND spelled LESS slots)
        set(columns ${spelled})
      endif()
      list(APPEND gen_args --kernel "${kernel}")
    else()
      list(APPEND gen_args --single-kernel "${kernel}")
    endif()
    _opsim_op_library_key_groups(key_groups "${kernel}")
    if(key_groups GREATER 0)
      # Its units are declared below, when the library's key slots are known.
      list(APPEND key_kernels "${stem}:${last}:${columns}")
      list(APPEND gen_args --key-kernel "${kernel}")
      if(DEFINED ARG_KEY_SLOTS)
        set(key_groups ${ARG_KEY_SLOTS})
      endif()
      if(key_groups GREATER key_slots)
        set(key_slots ${key_groups})
      endif()
    else()
      foreach(slot RANGE ${last})
        list(APPEND units "${gen_dir}/${stem}_col${slot}.cc")
        if(NOT slot LESS columns)
          list(APPEND comment_units "${gen_dir}/${stem}_col${slot}.cc")
        endif()
      endforeach()
    endif()
  endforeach()
  foreach(key_kernel IN LISTS key_kernels)
    string(REGEX MATCH "^(.*):([0-9]+):([0-9]+)$" unused "${key_kernel}")
    set(stem "${CMAKE_MATCH_1}")
    set(last "${CMAKE_MATCH_2}")
    set(columns "${CMAKE_MATCH_3}")
    math(EXPR last_group "${key_slots} - 1")
    foreach(slot RANGE ${last})
      foreach(group RANGE ${last_group})
        list(APPEND units "${gen_dir}/${stem}_col${slot}_key${group}.cc")
        if(NOT slot LESS columns)
          list(APPEND comment_units "${gen_dir}/${stem}_col${slot}_key${group}.cc")
        endif()
      endforeach()
    endforeach()
  endforeach()
  if(key_slots GREATER 0)
    list(APPEND gen_args --key-slots ${key_slots})
  endif()
  # The kernels' own folders too: today's operators keep their BEGIN_TILING_DATA_DEF in
  # op_kernel/<op>_tiling_data.h (the host includes it from there), and CANN's build gives the
  # kernel's GET_TILING_DATA that class wherever it is declared. Host headers come first, so the
  # class a host header registers is the one a kernel unit includes.
  foreach(kernel IN LISTS kernels)
    get_filename_component(kernel_dir "${kernel}" DIRECTORY)
    file(GLOB kernel_headers "${kernel_dir}/*.h" "${kernel_dir}/*.hpp" "${kernel_dir}/*.hh")
    list(APPEND headers ${kernel_headers})
  endforeach()
  list(REMOVE_DUPLICATES headers)
  foreach(header IN LISTS headers)
    list(APPEND gen_args --header "${header}")
  endforeach()
  set(aclnn_source "")
  if(ARG_OPAPI)
    set(aclnn_dir "${CMAKE_CURRENT_BINARY_DIR}/${target}_aclnn")
    set(aclnn_source "${aclnn_dir}/src/aclnn_ops.cc")
    list(APPEND gen_args --aclnn "${aclnn_dir}")
  endif()
  if(units OR aclnn_source)
    add_custom_command(
      OUTPUT ${units} ${aclnn_source}
      COMMAND $<TARGET_FILE:opsim::opsim_op_gen> --library $<TARGET_FILE:${target}_opdefs>
              --out "${gen_dir}" --slots ${slots} ${gen_args}
              ${auto_sync_args}
      DEPENDS ${target}_opdefs opsim::opsim_op_gen ${kernels} ${headers}
      COMMENT "opsim: kernel units of ${target} (one per dtype column)"
      VERBATIM)
  endif()

  add_library(${target} SHARED $<TARGET_OBJECTS:${target}_host> ${units})
  target_link_libraries(${target} PRIVATE opsim::opsim_op_api opsim::opsim_simulator
                                          ${ARG_LINK_LIBRARIES})
  if(units)
    # What CANN's operator build defines for a kernel: the CPU path of the sample code (no <<<>>>
    # launch), the kernel side of the tiling macros. On the target, not the units: the
    # precompiled prelude must see the same macros as the units that use it.
    target_compile_definitions(${target} PRIVATE ASCENDC_CPU_DEBUG=1 OPSIM_KERNEL_TILING=1
                                                 OPSIM_OP_PROJECT_BUILD=1)
    _opsim_op_library_precompile(${target} "${units}" "${comment_units}")
  endif()
  # The library's own functions bind to its own definitions: a kernel entry or host function of
  # the same name in opsim's operators (a project's Div kernel is opsim_div_col0, as ours is),
  # loaded first into the global scope, would otherwise be the one its registrations point at.
  target_link_options(${target} PRIVATE LINKER:-Bsymbolic-functions)
  # Kernels compile as C++17, as CANN's operator build compiles them.
  set_target_properties(${target} PROPERTIES CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON)

  # OPAPI <name>: the single-operator API of every op (aclnn_<op>.h, aclnn<Op>GetWorkspaceSize and
  # aclnn<Op>), as CANN's operator build makes libcust_opapi: the library lib<name>.so, target
  # <target>_opapi, whose users see the generated headers and load the operators with it.
  if(ARG_OPAPI)
    add_library(${target}_opapi SHARED ${aclnn_source})
    set_target_properties(${target}_opapi PROPERTIES OUTPUT_NAME ${ARG_OPAPI})
    target_include_directories(${target}_opapi PUBLIC $<BUILD_INTERFACE:${aclnn_dir}/include>)
    target_link_libraries(${target}_opapi PUBLIC opsim::opsim_nnopbase ${target})
    # Nothing calls into the operator library by name (its OpDefs and kernels register when it
    # loads), so a linker that drops unused libraries would drop it: keep it needed.
    target_link_options(${target}_opapi PRIVATE LINKER:--no-as-needed)
  endif()
  # The project that builds opsim gives its own libraries' host parts its host-code flags.
  set_property(GLOBAL APPEND PROPERTY OPSIM_OP_LIBRARIES ${target})
endfunction()

# opsim_install_op_api(<target> [VENDOR <name>])
#
# Installs an operator library's single-operator API (opsim_add_op_library ... OPAPI) where
# CANN's custom operator package puts it, so that an application built against the toolkit finds
# it: <prefix>/opp/vendors/<vendor, default customize>/op_api/include/aclnn_<op>.h and
# .../op_api/lib/lib<OPAPI name>.so, with the operator library beside it. `cmake --install` with
# the opsim prefix as the prefix makes that prefix a toolkit the AclNN samples' run.sh builds
# against (ASCEND_INSTALL_PATH=<prefix>; docs/ACLNN.md).
function(opsim_install_op_api target)
  cmake_parse_arguments(ARG "" "VENDOR" "" ${ARGN})
  if(NOT TARGET ${target}_opapi)
    message(FATAL_ERROR "opsim_install_op_api(${target}): ${target} has no single-operator API "
                        "(give opsim_add_op_library OPAPI <name>)")
  endif()
  if(NOT ARG_VENDOR)
    set(ARG_VENDOR customize)
  endif()
  if(NOT ARG_VENDOR MATCHES "^[A-Za-z0-9_]+$")
    message(FATAL_ERROR "opsim_install_op_api(${target}): VENDOR '${ARG_VENDOR}' (expected "
                        "letters, digits and _, as CANN's vendor names)")
  endif()
  set(root opp/vendors/${ARG_VENDOR}/op_api)
  # The operator library beside it, and opsim's libraries where the package has them.
  get_target_property(nnopbase opsim::opsim_nnopbase LOCATION)
  get_filename_component(opsim_libdir "${nnopbase}" DIRECTORY)
  set_target_properties(${target}_opapi PROPERTIES INSTALL_RPATH "$ORIGIN;${opsim_libdir}")
  set_target_properties(${target} PROPERTIES INSTALL_RPATH "$ORIGIN;${opsim_libdir}")
  install(TARGETS ${target}_opapi ${target} LIBRARY DESTINATION ${root}/lib)
  install(DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/${target}_aclnn/include/ DESTINATION ${root}/include)
  # As CANN's package installer: the vendor's bin/set_env.bash (its op_api library on the loader's
  # path, the package on ASCEND_CUSTOM_OPP_PATH; it finds itself, so the prefix may move) and
  # vendors/config.ini, whose load_priority lists the vendors, the one installed last first.
  set(set_env "${CMAKE_CURRENT_BINARY_DIR}/${target}_set_env.bash")
  file(WRITE "${set_env}" [=[#!/bin/bash
# This operator package's environment (installed by opsim_install_op_api, as CANN's custom
# operator package installs its set_env.bash): source it before running an application.
_opsim_vendor_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export ASCEND_CUSTOM_OPP_PATH="${_opsim_vendor_dir}${ASCEND_CUSTOM_OPP_PATH:+:${ASCEND_CUSTOM_OPP_PATH}}"
export LD_LIBRARY_PATH="${_opsim_vendor_dir}/op_api/lib${LD_LIBRARY_PATH:+:${LD_LIBRARY_PATH}}"
unset _opsim_vendor_dir
]=])
  install(FILES "${set_env}" RENAME set_env.bash DESTINATION opp/vendors/${ARG_VENDOR}/bin
          PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ
                      WORLD_EXECUTE)
  install(CODE "
    set(ini \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/opp/vendors/config.ini\")
    set(vendors ${ARG_VENDOR})
    if(EXISTS \"\${ini}\")
      file(STRINGS \"\${ini}\" line REGEX \"^load_priority=\")
      string(REGEX REPLACE \"^load_priority=\" \"\" before \"\${line}\")
      string(REPLACE \",\" \";\" before \"\${before}\")
      list(REMOVE_ITEM before ${ARG_VENDOR})
      list(APPEND vendors \${before})
    endif()
    list(JOIN vendors \",\" joined)
    message(STATUS \"Writing: \${ini} (load_priority=\${joined})\")
    file(WRITE \"\${ini}\" \"load_priority=\${joined}\\n\")
  ")
endfunction()
