/// TASK-11: photos of tasks and of marketplace postings, as one service over the shared core (`DomainService`).
public struct PhotoService: DomainService {
    let domain: Domain

    init(domain: Domain) { self.domain = domain }
}

extension Domain {
    /// Photos of tasks and postings.
    public var photos: PhotoService { PhotoService(domain: self) }
}
