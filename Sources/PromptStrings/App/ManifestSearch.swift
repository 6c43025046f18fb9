import FileAccess
import StringsFiles

/// Where an app's privacy manifests are: its own (`PrivacyInfo.xcprivacy` in the app), and those of the SDKs
/// it embeds (frameworks, resource bundles, pods), each named by its SDK. Every folder and file is reached
/// through the app's reader, inside its sandbox.
struct ManifestSearch {
  let reader: InputFiles

  /// A built app's: its top level, `Frameworks/*.framework` and top-level `*.bundle` (extensions in
  /// `PlugIns/` are other apps).
  func inBundle(_ bundle: FilePath) -> [PrivacyManifest] {
    var found = manifest(in: bundle, owner: nil)
    for framework in reader.children(of: bundle.appending("Frameworks")) where framework.pathExtension == "framework" {
      found += manifest(in: framework, owner: framework.stem)
    }
    for resources in reader.children(of: bundle) where resources.pathExtension == "bundle" {
      found += manifest(in: resources, owner: resources.stem)
    }
    return found
  }

  /// A project target's: the manifests among its resources, and the pods' under the project's `Pods/`.
  func inProject(resources: [FilePath], sourceRoot: FilePath) -> [PrivacyManifest] {
    let own = resources.filter { $0.lastComponent == PrivacyManifest.fileName }.sorted { $0.string < $1.string }
    return own.map { PrivacyManifest.read($0, from: reader, owner: nil) } + inPods(sourceRoot.appending("Pods"))
  }

  /// A plain folder's: manifests outside other bundles are the app's; a framework or resource bundle in
  /// the folder brings its SDK's.
  func inFolder(_ entries: [DirectoryWalk.Entry], root: FilePath) -> [PrivacyManifest] {
    var found: [PrivacyManifest] = []
    for entry in entries.sorted(by: { $0.path.string < $1.path.string }) {
      if !entry.isDirectory && entry.path.lastComponent == PrivacyManifest.fileName {
        found.append(PrivacyManifest.read(entry.path, from: reader, owner: nil))
      } else if entry.isDirectory && ["framework", "bundle"].contains(entry.path.pathExtension ?? "") {
        found += manifest(in: entry.path, owner: entry.path.stem)
      }
    }
    return found + inPods(root.appending("Pods"))
  }

  /// Each pod's manifests, named by the pod (the folder under `Pods/`); a pod that is a link out of the
  /// project is not walked.
  private func inPods(_ pods: FilePath) -> [PrivacyManifest] {
    var found: [PrivacyManifest] = []
    for pod in reader.children(of: pods) where AppLoader.isFolder(pod) && !pod.lastComponent.hasPrefix(".") {
      guard case .success(let walk) = reader.walk(pod, maxDepth: 6, limit: 5_000) else { continue }
      for entry in walk.entries.sorted(by: { $0.path.string < $1.path.string })
      where !entry.isDirectory && entry.path.lastComponent == PrivacyManifest.fileName {
        found.append(PrivacyManifest.read(entry.path, from: reader, owner: pod.lastComponent))
      }
    }
    return found
  }

  /// The manifest directly inside `folder`, if there is one.
  private func manifest(in folder: FilePath, owner: String?) -> [PrivacyManifest] {
    let file = folder.appending(PrivacyManifest.fileName)
    guard reader.children(of: folder).contains(file) else { return [] }
    return [PrivacyManifest.read(file, from: reader, owner: owner)]
  }
}
