module github.com/lifetag/lifetag/cloud

go 1.26

require github.com/lifetag/lifetag/pkg v0.0.0

// The cloud builds and tests on its own too, outside the workspace.
replace github.com/lifetag/lifetag/pkg => ../pkg
