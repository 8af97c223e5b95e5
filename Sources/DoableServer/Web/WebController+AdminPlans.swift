import DoableCore
import DoableDomain
import Foundation
import HTTPTypes
import Hummingbird

/// GAME-7 for admins: `/admin/plans`, the subscription plans (name, price with two decimals, month or year, a
/// description) with the form to add one, `/admin/plans/{id}` to edit one, and retiring a plan (members no longer
/// see it) or offering it again. Doable does not process payments yet, and every one of these pages says so.
extension WebController {
    func addAdminPlanRoutes(to web: RouterGroup<AppRequestContext>) {
        web.get("admin/plans") { _, context in
            try await plansPage(
                context, identity: try admin(context), form: FormData(pairs: [("period", "month")]),
                errors: FormErrors())
        }
        web.post("admin/plans") { _, context in try await addPlan(context) }
        web.get("admin/plans/{id}") { _, context in
            let identity = try admin(context)
            let plan = try await plan(identity, id: try context.pathID())
            return try await planPage(context, plan: plan, form: Self.planForm(plan), errors: FormErrors())
        }
        web.post("admin/plans/{id}") { _, context in try await savePlan(context) }
        web.post("admin/plans/{id}/retire") { _, context in try await retirePlan(context) }
    }

    static let planFields: Set<String> = ["name", "price", "period", "description"]

    private func plan(_ identity: Identity, id: SubscriptionPlanID) async throws -> SubscriptionPlan {
        guard let plan = try await domain.allSubscriptionPlans(identity).first(where: { $0.id == id }) else {
            throw DoableError.notFound("There is no such plan.")
        }
        return plan
    }

    private func plansPage(
        _ context: AppRequestContext, identity: Identity, form: FormData, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let plans = try await domain.allSubscriptionPlans(identity)
        let csrf = csrfField(context)
        let rows = plans.html { plan in
            """
            <tr id="plan-\(plan.id)"\(plan.isRetired ? HTML(" class=\"is-retired\"") : "")>
            <th scope="row"><a href="/admin/plans/\(plan.id)">\(plan.name)</a></th>
            <td class="number">\(plan.price.description)</td><td>\(Self.perPeriod(plan.period))</td>
            <td class="plan-description">\(plan.description)</td>
            <td>\(plan.isRetired ? HTML("<span class=\"badge\">Retired</span>") : "Offered")</td>
            <td>\(retirePlanForm(plan, csrf: csrf))</td>
            </tr>
            """
        }
        let table: HTML =
            plans.isEmpty
            ? "<p class=\"empty-state\">No plans yet. Add the first one below.</p>"
            : """
            <div class="table-scroll"><table class="admin-table plan-table">
            <caption class="visually-hidden">Subscription plans: retired ones are not shown to members</caption>
            <thead><tr><th scope="col">Name</th><th scope="col">Price</th><th scope="col">Period</th>\
            <th scope="col">Description</th><th scope="col">Status</th>\
            <th scope="col"><span class="visually-hidden">Retire or offer again</span></th></tr></thead>
            <tbody>\(rows)</tbody></table></div>
            """
        let body: HTML = """
            \(Self.paymentNote(admin: true))
            \(table)
            <h3 id="plan-add-heading">Add a plan</h3>
            \(errors.summary)
            <form method="post" action="/admin/plans" class="settings-form plan-form" id="plan-add" aria-labelledby="plan-add-heading" novalidate>\(csrf)
            \(Self.planFormFields(form, errors: errors))
            <button type="submit" class="button primary">Add plan</button>
            </form>
            """
        return try await adminPage(context, .plans, body: body, status: status)
    }

    private func planPage(
        _ context: AppRequestContext, plan: SubscriptionPlan, form: FormData, errors: FormErrors,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let body: HTML = """
            \(Self.paymentNote(admin: true))
            <p><a href="/admin/plans">All plans</a></p>
            <h3 id="plan-edit-heading">Edit “\(plan.name)”</h3>
            <div class="plan-head"><p>\(plan.isRetired ? "Retired: members don't see it." : "Offered: members see it at Plans.")</p>
            \(retirePlanForm(plan, csrf: csrfField(context), back: "/admin/plans/\(plan.id)"))</div>
            \(errors.summary)
            <form method="post" action="/admin/plans/\(plan.id)" class="settings-form plan-form" id="plan-edit" aria-labelledby="plan-edit-heading" novalidate>\(csrfField(context))
            \(Self.planFormFields(form, errors: errors))
            <button type="submit" class="button primary">Save plan</button>
            </form>
            """
        return try await adminPage(context, .plans, body: body, status: status)
    }

    private func retirePlanForm(_ plan: SubscriptionPlan, csrf: HTML, back: String = "/admin/plans") -> HTML {
        let action = plan.isRetired ? "Offer again" : "Retire"
        return """
            <form method="post" action="/admin/plans/\(plan.id)/retire" class="inline-form" data-inplace>\(csrf)\
            <input type="hidden" name="retired" value="\(plan.isRetired ? "0" : "1")">\
            <input type="hidden" name="back" value="\(back)">\
            <button type="submit" class="button" id="plan-\(plan.id)-retire" aria-label="\(action) “\(plan.name)”">\(action)</button></form>
            """
    }

    static func planFormFields(_ form: FormData, errors: FormErrors) -> HTML {
        let periods = SubscriptionPlan.Period.allCases.map { ($0.rawValue, $0 == .month ? "Monthly" : "Yearly") }
        return """
            \(Field.input("name", label: "Name", value: form["name"], hint: "1 to 60 characters.", required: true,
                      errors: errors, extra: " maxlength=\"60\" autocomplete=\"off\""))
            <div class="field-row">
            \(Field.input("price", label: "Price", value: form["price"], hint: "Such as 4.99: at most two decimals; 0 for free.",
                      required: true, errors: errors, extra: " inputmode=\"decimal\" autocomplete=\"off\" maxlength=\"12\""))
            \(Field.select("period", label: "Period", options: periods, selected: form["period"], errors: errors))
            </div>
            \(Field.textarea("description", label: "Description", value: form["description"],
                         hint: "What the plan gives, up to 1000 characters.", errors: errors, rows: 4))
            """
    }

    static func planForm(_ plan: SubscriptionPlan) -> FormData {
        FormData(pairs: [
            ("name", plan.name), ("price", plan.price.description), ("period", plan.period.rawValue),
            ("description", plan.description),
        ])
    }

    /// The form's values for the Domain, or the refusals of a price or period it cannot read.
    static func planInput(_ form: FormData) -> (input: PlanInput, errors: FormErrors) {
        var errors = FormErrors()
        var input = PlanInput(name: form["name"] ?? "", description: form["description"] ?? "")
        do {
            input.price = try planPrice(form["price"] ?? "")
        } catch let error as DoableError {
            errors.byField["price"] = WebErrorMiddleware.message(of: error)
        } catch {
            errors.byField["price"] = "Enter a price such as 4.99."
        }
        if let period = SubscriptionPlan.Period(rawValue: form["period"] ?? "") {
            input.period = period
        } else {
            errors.byField["period"] = "Choose monthly or yearly."
        }
        return (input, errors)
    }

    /// "4.99", "5", "4,99"; zero is a free plan, as in the API.
    static func planPrice(_ text: String) throws -> Money {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw DoableError.invalid("price", "Enter a price such as 4.99, or 0.") }
        do {
            return try Money.parse(text: trimmed, field: "price", allowingZero: true)
        } catch DoableError.invalid(_, let message) where message.contains("two decimals") {
            throw DoableError.invalid("price", "A price may have at most two decimals, such as 4.99.")
        } catch DoableError.invalid(_, let message) where message.contains("at most") {
            throw DoableError.invalid("price", "A price must be at most \(Money.maximum).")
        } catch DoableError.invalid {
            throw DoableError.invalid("price", "Enter a price such as 4.99, or 0 for a free plan.")
        }
    }

    private func addPlan(_ context: AppRequestContext) async throws -> Response {
        let identity = try admin(context)
        let form = context.web.form
        let parsed = Self.planInput(form)
        var errors = parsed.errors
        if errors.isEmpty {
            do {
                let plan = try await domain.createSubscriptionPlan(identity, parsed.input)
                return WebResponse.done(
                    context, redirect: "/admin/plans#plan-\(plan.id)",
                    toast: Flash(message: "Added the plan “\(plan.name)”"))
            } catch let error as DoableError where Self.isMarketFormError(error) {
                errors = FormErrors(error, fields: Self.planFields)
            }
        }
        return try await plansPage(context, identity: identity, form: form, errors: errors, status: .badRequest)
    }

    private func savePlan(_ context: AppRequestContext) async throws -> Response {
        let identity = try admin(context)
        let plan = try await plan(identity, id: try context.pathID())
        let form = context.web.form
        let parsed = Self.planInput(form)
        var errors = parsed.errors
        if errors.isEmpty {
            do {
                let saved = try await domain.updateSubscriptionPlan(identity, id: plan.id, parsed.input)
                return WebResponse.done(
                    context, redirect: "/admin/plans#plan-\(saved.id)",
                    toast: Flash(message: "Saved the plan “\(saved.name)”"))
            } catch let error as DoableError where Self.isMarketFormError(error) {
                errors = FormErrors(error, fields: Self.planFields)
            }
        }
        return try await planPage(context, plan: plan, form: form, errors: errors, status: .badRequest)
    }

    private func retirePlan(_ context: AppRequestContext) async throws -> Response {
        let identity = try admin(context)
        let id: SubscriptionPlanID = try context.pathID()
        let retired = context.web.form.isOn("retired")
        let plan = try await domain.updateSubscriptionPlan(identity, id: id, PlanInput(isRetired: retired))
        let back = WebController.safeBack(context.web.form["back"], default: "/admin/plans")
        return WebResponse.done(
            context, redirect: back,
            toast: Flash(
                message: retired
                    ? "Retired the plan “\(plan.name)”: members no longer see it"
                    : "The plan “\(plan.name)” is offered again"), focus: "plan-\(id)-retire")
    }
}
