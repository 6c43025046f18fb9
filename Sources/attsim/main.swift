import AttsimCommands
import Platform

// A file that grows past the size limit is a write error attsim reports, not a reason to die.
signal(SIGXFSZ, SIG_IGN)
exit(Attsim.run(bytes: Attsim.commandLineBytes()))
