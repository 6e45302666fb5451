/// `deps deintegrate` (BEHAVIOUR 15): takes out of the Xcode projects everything deps added, so a
/// project integrated and then deintegrated is byte for byte what it was. The projects are the
/// Depsfile's `xcode:` ones, or, without that, the `.xcodeproj` folders beside the Depsfile.
public final class DeintegrateInteractor {
    private let store: ProjectStore
    private let projects: XcodeProjects

    public init(store: ProjectStore, projects: XcodeProjects) {
        self.store = store
        self.projects = projects
    }

    public func deintegrate() throws -> [XcodeProjectEdit] {
        let named = store.hasManifest() ? try store.readManifest().xcode?.projects : nil
        return try projects.deintegrate(named ?? projects.projectsAtTopLevel())
    }
}
