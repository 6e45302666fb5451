#ifndef DEPS_CYAML_SHIM_H
#define DEPS_CYAML_SHIM_H
#include <yaml.h>
#endif
