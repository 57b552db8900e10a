// Package station will hold the Wails v2 desktop print station (fulfilment
// admins and offline safety officers). It is a module of the workspace from
// the start so that the layout of DESIGN.md holds; its code arrives with the
// station issue.
package station
