module github.com/lifetag/lifetag/station

go 1.26
