// Marks this shared object as opsim's own operator library: the registry looks this symbol up
// (op_registry.cc, kBuiltinOperatorsAnchor) to tell opsim's ops from those of a user's library the
// program links, whose op of the same type then replaces opsim's, as a CANN custom operator
// package takes precedence over the built-in operator.
extern "C" {
extern const char opsim_builtin_operators[];
const char opsim_builtin_operators[] = "opsim_ops";
}
