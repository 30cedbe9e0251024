//go:build !unix

package main

// processAlive cannot check a process here: every lock is taken as held.
func processAlive(int) bool { return true }
