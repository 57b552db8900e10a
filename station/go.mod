module github.com/lifetag/lifetag/station

go 1.26

require github.com/lifetag/lifetag/pkg v0.0.0

replace github.com/lifetag/lifetag/pkg => ../pkg
