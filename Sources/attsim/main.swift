import AttsimCommands
import Foundation

exit(Attsim.run(Array(CommandLine.arguments.dropFirst())))
