/// What deps warns of when it opens a spec repository, worded by DepsPresenters.
public enum SpecRepositoryWarning: Sendable, Equatable {
    /// A CDN reached over plain `http://` (not on this machine): its specs can be read and
    /// changed on the way.
    case plainHTTP(url: String)
}
