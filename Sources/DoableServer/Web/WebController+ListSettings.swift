import HTTPTypes
import Foundation
import Hummingbird

extension WebController {
    func addListSettingsRoutes(to web: RouterGroup<AppRequestContext>) {}
}
