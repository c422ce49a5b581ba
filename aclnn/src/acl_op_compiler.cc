// libacl_op_compiler holds nothing an aclnn application calls (aclnn/CMakeLists.txt says why it
// exists at all).
