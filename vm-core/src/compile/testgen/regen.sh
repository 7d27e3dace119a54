cd /tmp/gen && python3 srcs.py && python3 dump.py srcs.json | sed 's/\\u00e9/é/g' > /work/wt/parser/vm-core/src/compile/parser/ast_cases.rs
