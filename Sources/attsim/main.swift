import AttsimCommands
import Glibc

// A file that grows past the size limit is a write error attsim reports, not a reason to die.
signal(SIGXFSZ, SIG_IGN)
// The arguments as the bytes the system gave: a file name that is not UTF-8 is opened as it is.
let arguments = (1..<Int(CommandLine.argc)).map { index in
  CommandLine.unsafeArgv[index].map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) } ?? []
}
exit(Attsim.run(bytes: arguments))
