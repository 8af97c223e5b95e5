import DoableCore
import DoableDomain
import Foundation
import DoableArt

/// GAME-7 for admins: `/admin/plans`, the subscription plans (name, price with two decimals, month or year, a
/// description) with the form to add one, `/admin/plans/{id}` to edit one, and retiring a plan (members no longer
/// see it) or offering it again. Doable does not process payments yet, and every one of these pages says so.
enum AdminPlanCatalogue {
    static let catalogue = AdminCatalogue<SubscriptionPlan, SubscriptionPlan, PlanInput>(
        section: .plans, path: "admin/plans", anchor: "plan", formID: "plan", formClass: "plan-form",
        fields: ["name", "price", "period", "description"],
        words: .init(
            notFound: "There is no such plan.", allEntries: "All plans", addHeading: "Add a plan",
            addButton: "Add plan", saveButton: "Save plan", retire: "Retire", unretire: "Offer again",
            added: { "Added the plan “\($0)”" }, saved: { "Saved the plan “\($0)”" },
            retired: { "Retired the plan “\($0)”: members no longer see it" },
            unretired: { "The plan “\($0)” is offered again" },
            intro: PlanWords.paymentNote(admin: true), entryIntro: PlanWords.paymentNote(admin: true)),
        table: .init(
            className: "plan-table", caption: "Subscription plans: retired ones are not shown to members",
            headers: """
                <th scope="col">Name</th><th scope="col">Price</th><th scope="col">Period</th>\
                <th scope="col">Description</th><th scope="col">Status</th>
                """,
            lastHeader: "Retire or offer again", empty: "No plans yet. Add the first one below.",
            cells: { plan, retireForm in
                """
                <th scope="row"><a href="/admin/plans/\(plan.id)">\(plan.name)</a></th>
                <td class="number">\(plan.price.description)</td><td>\(PlanWords.perPeriod(plan.period))</td>
                <td class="plan-description">\(plan.description)</td>
                <td>\(plan.isRetired ? HTML("<span class=\"badge\">Retired</span>") : "Offered")</td>
                <td>\(retireForm)</td>
                """
            },
            headClass: "plan-head",
            head: { plan in
                "<p>\(plan.isRetired ? "Retired: members don't see it." : "Offered: members see it at Plans.")</p>"
            }),
        access: .init(
            id: \.id, name: \.name, isRetired: \.isRetired,
            all: { game, identity in try await game.allSubscriptionPlans(identity) },
            create: { game, identity, input in try await game.createSubscriptionPlan(identity, input) },
            update: { game, identity, id, input in try await game.updateSubscriptionPlan(identity, id: id, input) },
            retiring: { PlanInput(isRetired: $0) }),
        form: .init(
            blank: FormData(pairs: [("period", "month")]), values: planForm,
            fields: { form, errors in planFormFields(form, errors: errors) }, input: planInput))

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
}
