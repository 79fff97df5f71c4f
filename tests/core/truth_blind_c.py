"""Blind truth set (grader_c) for a deterministic rubric grader.

Each row: id, domain, criterion, draft, task ("" when no task was given),
label (pass | fail | n/a | pass|n/a | fail|n/a), why.
Rows whose criterion would only be met by text the draft copied from the
task carry "[copied]" at the start of their "why".
Written without looking at the grader or any other truth set.
"""

ROWS: list[dict] = []


def _add(did, domain, task, draft, items):
    draft = draft.strip("\n")
    for i, (crit, label, why) in enumerate(items, 1):
        ROWS.append({
            "id": f"{did}-{i:02d}",
            "domain": domain,
            "criterion": crit,
            "draft": draft,
            "task": task,
            "label": label,
            "why": why,
        })


# ---------------------------------------------------------------------------
# Family 1: business and marketing prose
# ---------------------------------------------------------------------------

_add("b01-cold-email", "sales cold email",
     "Write a cold email to Dana Reyes, Head of Operations at Lumen Freight, introducing RouteWise. Mention our 14-day free trial, include one customer result with a number, keep it under 150 words, and end with a question about booking a 15-minute call.",
     r'''
Here's a cold email to Dana that mentions our 14-day free trial and ends with a question about booking a 15-minute call.

Subject: Cutting empty miles at Lumen Freight

Hi Dana,

I noticed Lumen Freight added two new depots in Ohio this spring. Growth like that usually means more routes to plan, and more miles driven empty.

RouteWise plans multi-stop routes in seconds and re-plans them when traffic or orders change. After switching, Harbor Line Logistics cut empty miles by 18% in their first quarter.

You can try it on your own routes without a contract.

Would you be open to a short call next week to see whether it fits?

Best,
Marcus Hale
Account Executive, RouteWise
marcus.hale@routewise.io | (312) 555-0148
''', [
    ("Mentions the 14-day free trial", "fail", "[copied] '14-day free trial' appears only in the preamble that restates the brief; the email itself only says 'try it ... without a contract'."),
    ("Ends with a question about booking a 15-minute call", "fail", "[copied] The closing question asks about 'a short call next week'; the 15-minute length appears only in the copied preamble."),
    ("Includes a customer result with a number", "pass", "Harbor Line Logistics cut empty miles by 18%."),
    ("Addresses the recipient by first name", "pass", "'Hi Dana,'"),
    ("The subject line mentions Lumen Freight", "pass", "Subject contains 'Lumen Freight'."),
    ("Names the sender's job title", "pass", "'Account Executive, RouteWise' in the signature."),
    ("The last sentence of the body is a question", "pass", "Last body sentence 'Would you be open to a short call next week to see whether it fits?' ends with '?'; only the sign-off follows."),
    ("Is persuasive", "n/a", "Matter of taste."),
    ("References something specific about the recipient's company", "pass|n/a", "Mentions Lumen Freight's two new Ohio depots; judging that as 'specific' needs reading for meaning."),
    ('Keeps a friendly, low-pressure tone', 'n/a', 'Matter of taste.'),
    ('Explains what RouteWise does', 'pass|n/a', "'plans multi-stop routes in seconds and re-plans them ...' — identified as the product description by meaning."),
    ('Names a competitor of Lumen Freight', 'fail|n/a', 'Harbor Line Logistics is presented as a RouteWise customer, not a competitor; telling the roles apart needs reading.'),
])

_add("b02-support-refund", "customer support email", "",
     r'''
Subject: Re: Order #48213 — refund for damaged kettle

Hi Priya,

Thanks for sending the photos, and I'm sorry your kettle arrived with a cracked lid.

I've issued a full refund of $64.99 to the Visa card ending in 4471. Banks usually take 5–7 business days to show it. You don't need to send the kettle back — please recycle it or keep the base if it's useful.

If you'd still like the kettle, I can also send a replacement at no charge; just reply "replacement" and I'll set it up today.

Warm regards,
Tomás
Customer Care, Brightwell Home
''', [
    ("States the refund amount", "pass", "$64.99."),
    ("Mentions the order number 48123", "fail", "The order number is #48213 (digits 1 and 2 swapped); 48123 does not appear."),
    ("Apologizes to the customer", "pass", "'I'm sorry your kettle arrived with a cracked lid'."),
    ("Asks the customer to return the damaged item", "fail|n/a", "It says the opposite ('You don't need to send the kettle back'); seeing that 'send back' = return and is negated needs understanding."),
    ("Offers a replacement", "pass", "'I can also send a replacement at no charge'."),
    ("Sounds empathetic", "n/a", "Tone is a matter of taste."),
    ("Signs off with the agent's full name", "fail", "Signed only 'Tomás', no surname."),
    ("The first sentence thanks the customer", "pass", "'Thanks for sending the photos, ...' opens the body."),
    ("Avoids the word 'charge'", "fail", "'at no charge' uses it."),
    ('Explains what to do with the damaged kettle', 'pass|n/a', "'please recycle it or keep the base' — by meaning."),
    ('Asks the customer to send more photos', 'fail|n/a', "It thanks her for photos already sent; no request. 'photos' is present, so deciding needs reading."),
    ('Is concise', 'n/a', 'Matter of taste.'),
])

_add("b03-meeting-move", "internal meeting email",
     "Email the finance team asking to move Thursday's budget review to Friday at 10:00. Propose Room 4B, attach the updated forecast, and ask them to confirm by Wednesday noon.",
     r'''
Subject: Moving Thursday's budget review

Hi all,

Something has come up on Thursday, so I'd like to move our budget review to Friday at 10:00. We'll keep the same agenda and the same 45 minutes.

[Propose Room 4B]

I've attached the updated Q3 forecast so you can look through the new hiring numbers before we meet.

Please let me know if Friday doesn't work for you.

Thanks,
Elena
''', [
    ("Proposes Room 4B", "fail", "[copied] 'Room 4B' appears only in the bracketed instruction '[Propose Room 4B]' left in the draft."),
    ("Asks recipients to confirm by Wednesday noon", "fail", "No deadline at all; it only asks to hear if Friday doesn't work. 'Wednesday' appears nowhere."),
    ("States the new time as Friday at 10:00", "pass", "'move our budget review to Friday at 10:00'."),
    ("Mentions the attachment", "pass", "'I've attached the updated Q3 forecast'."),
    ("Says how long the meeting will last", "pass", "'the same 45 minutes'."),
    ("Leaves no placeholder or bracketed instruction in the text", "fail", "'[Propose Room 4B]' is still in the text."),
    ("The subject line mentions Friday", "fail", "Subject is 'Moving Thursday's budget review'; no Friday."),
    ("Is concise", "n/a", "Matter of taste."),
    ("Gives a reason the meeting is moving", "fail|n/a", "Only 'Something has come up' — no actual reason; deciding whether that counts needs judgment."),
    ('Says the agenda stays the same', 'pass|n/a', "'We'll keep the same agenda' — paraphrase."),
    ("Suggests an alternative time if Friday doesn't suit", 'fail|n/a', "Only asks people to say if Friday doesn't work; no alternative offered."),
])

_add("b04-job-post", "job posting",
     "Write a job post for a Senior Backend Engineer (Go) at Fernleaf Health. Remote within the EU, salary €85,000–€105,000, must list at least five requirements, mention our 4-day work week, and say how to apply.",
     r'''
Job post for a Senior Backend Engineer (Go) at Fernleaf Health — remote within the EU, mention our 4-day work week.

## Senior Backend Engineer (Go)
**Fernleaf Health · Remote (EU)**

Fernleaf builds scheduling software used by 1,200 clinics across Europe. We're looking for a backend engineer to own our appointments service.

**What you'll do**
- Design and run Go services that handle 40M requests a day
- Improve our PostgreSQL data model as we add new countries
- Mentor two mid-level engineers

**What we're looking for**
- 5+ years building backend systems, 2+ in Go
- Strong PostgreSQL skills
- Experience with Kubernetes in production
- Clear written English

**Pay:** €85,000–€105,000 a year, plus equity.

To apply, send your CV and a short note about a system you're proud of to jobs@fernleaf.health.
''', [
    ("Mentions the 4-day work week", "fail", "[copied] '4-day work week' appears only in the first line, which restates the brief; the post itself never mentions it."),
    ("Lists at least five requirements", "fail", "'What we're looking for' has 4 bullets (5+ years, PostgreSQL, Kubernetes, written English)."),
    ("States the salary range", "pass", "'€85,000–€105,000 a year'."),
    ("Says the role is remote within the EU", "pass", "'Remote (EU)' under the title."),
    ("Explains how to apply", "pass", "'To apply, send your CV and a short note ... to jobs@fernleaf.health.'"),
    ("Section headings are in bold", "pass", "'**What you'll do**', '**What we're looking for**', '**Pay:**' are bold."),
    ("Is inclusive in tone", "n/a", "Matter of taste."),
    ("Mentions equity", "pass", "'plus equity'."),
    ("Describes what the company's product does", "pass|n/a", "'builds scheduling software used by 1,200 clinics' — recognising it as the product description needs reading."),
    ("Mentions a 401(k)", "fail", "Not mentioned."),
    ('Says the role includes on-call duty', 'fail|n/a', "No on-call mention; 'own our appointments service' might suggest it, so ruling it out needs reading."),
    ('Uses gender-neutral language', 'pass|n/a', "Only 'you'/'we'; no gendered pronouns — judged by reading."),
])

_add("b05-product-page", "e-commerce product page", "",
     r'''
# Nordvik Trail 2 Hiking Boot

Built for wet, rocky trails and long days on your feet.

- **Waterproof:** Gore-Tex lining keeps feet dry in streams up to ankle depth
- **Grip:** Vibram Megagrip outsole
- **Weight:** 540 g per boot (men's size 9)
- **Fit:** Wide toe box; available in regular and wide

**Price:** $189

Free shipping on orders over $75. Free returns within 60 days — even if you've worn them outside.

★★★★☆ 4.6 out of 5 from 1,284 reviews

[Add to cart]
''', [
    ("States the price", "pass", "'**Price:** $189'."),
    ("Mentions the weight in grams", "pass", "'540 g per boot'."),
    ("States a 30-day return window", "fail", "Returns are within 60 days, not 30."),
    ("Includes a call to action", "pass|n/a", "'[Add to cart]' button; recognising it as a call to action is light interpretation."),
    ("Gives the average rating", "pass", "'4.6 out of 5'."),
    ("Lists the available colours", "fail", "No colours given (only regular/wide fits)."),
    ("Avoids the word 'free'", "fail", "'Free shipping' and 'Free returns'."),
    ("Is visually appealing", "n/a", "Matter of taste."),
    ("Gives the free-shipping threshold", "pass", "'Free shipping on orders over $75'."),
    ('Accepts returns of boots that have been worn', 'pass|n/a', "'even if you've worn them outside' — by meaning."),
    ('Says the boot is suitable for snow', 'fail|n/a', 'Only wet, rocky trails and streams; snow not claimed.'),
    ('Makes the product sound desirable', 'n/a', 'Matter of taste.'),
])

_add("b06-press-release", "press release",
     "Draft a press release announcing that Calder Robotics has raised a $12 million Series A led by Northgate Ventures. Include a quote from CEO Amara Osei, the dateline Austin, Texas, and a boilerplate 'About Calder Robotics' section. Keep it under 250 words.",
     r'''
FOR IMMEDIATE RELEASE

Calder Robotics Raises $12 Million Series A to Bring Warehouse Robots to Mid-Sized Retailers

AUSTIN, Texas — March 4, 2025 — Calder Robotics, maker of autonomous picking robots for warehouses, today announced a $12 million Series A round led by Northgate Ventures, with participation from Loop Capital.

The company will use the funding to double its engineering team and open a service center in Dallas.

"Most warehouse automation is built for the giants," said Amara Osei, CEO of Calder Robotics. "We want a 40-person distribution center to get the same benefits, at a price it can afford."

Calder's robots are deployed at 31 sites across the United States.

[Include a boilerplate 'About Calder Robotics' section]

Media contact:
Jonah Pike
press@calderrobotics.com
''', [
    ("Includes an 'About Calder Robotics' boilerplate section", "fail", "[copied] The phrase appears only inside the bracketed instruction left in the draft; there is no such section."),
    ("Names the lead investor Northgate Ventures", "pass", "'led by Northgate Ventures'."),
    ("Includes a quote from the CEO", "pass", "Quoted lines attributed to 'Amara Osei, CEO of Calder Robotics'."),
    ("Has the dateline Austin, Texas", "pass", "'AUSTIN, Texas — March 4, 2025 —' (case variant)."),
    ("Is under 250 words", "pass", "123 whitespace-separated words in the whole draft."),
    ("The headline is in Title Case", "pass", "Every major word capitalised; only the short word 'to' is lower-case."),
    ("States how many employees Calder Robotics has", "fail|n/a", "The only headcount is the '40-person distribution center' of a customer in the quote; telling that apart needs understanding."),
    ("Starts with 'FOR IMMEDIATE RELEASE' in all caps", "pass", "First line, all caps."),
    ("Does not mention AI", "pass", "'AI' appears nowhere as a word (the letters only occur inside words like 'said')."),
    ('Explains what Calder Robotics makes', 'pass|n/a', "'maker of autonomous picking robots for warehouses' — by meaning."),
    ("Says Calder's robots are deployed at 13 sites", 'fail', 'They are at 31 sites.'),
    ('The CEO quote sounds natural', 'n/a', 'Matter of taste.'),
])

_add("b07-proposal", "consulting proposal", "",
     r'''
Proposal: Customer Churn Analysis for Oakridge Fitness
Prepared by Halvorsen Analytics · 12 May 2025

1. Objective
Identify why members cancel within their first 90 days and recommend changes that reduce early churn.

2. Scope
- Analyse 24 months of membership and check-in data
- Interview 15 recently cancelled members
- Benchmark against three comparable gym chains

3. Timeline
Six weeks from kickoff, with a mid-point review in week 3.

4. Fees
Fixed fee of $28,500, invoiced 50% at kickoff and 50% on delivery.

5. Deliverables
A written report, a one-hour presentation to leadership, and the cleaned dataset.

Next step: sign and return by 30 May 2025 to hold a June start.
''', [
    ("States the total fee", "pass", "'Fixed fee of $28,500'."),
    ("Includes a payment schedule", "pass", "'invoiced 50% at kickoff and 50% on delivery'."),
    ("Mentions a mid-point review in week 4", "fail", "The mid-point review is in week 3."),
    ("Includes a section on risks", "fail", "Sections are Objective, Scope, Timeline, Fees, Deliverables; no risks."),
    ("States a deadline for signing", "pass", "'sign and return by 30 May 2025'."),
    ("Is convincing", "n/a", "Matter of taste."),
    ("Defines what counts as early churn", "pass|n/a", "Objective ties early churn to cancelling 'within their first 90 days'; reading it as the definition needs inference."),
    ("Plans to interview at least 20 members", "fail", "It plans to interview 15."),
    ("States the analysis covers 24 months of data", "pass", "'Analyse 24 months of membership and check-in data'."),
    ('Gives the client a reason to sign promptly', 'pass|n/a', "'sign and return by 30 May 2025 to hold a June start' — urgency by meaning."),
    ('Includes benchmarking against competitors', 'pass|n/a', "'Benchmark against three comparable gym chains' — 'comparable chains' as competitors is a synonym match."),
    ('Includes team bios', 'fail', 'No bios or team section.'),
])

_add("b08-invoice", "invoice", "",
     r'''
INVOICE #2025-0417

From: Lark & Wren Design Studio, 18 Fenwick Street, Leeds LS2 7PQ
To: Bramble Coffee Ltd, 4 Market Row, York YO1 8BB

Invoice date: 17/04/2025
Due date: 17/05/2025

| Item | Qty | Rate | Amount |
|---|---|---|---|
| Logo redesign | 1 | £1,800.00 | £1,800.00 |
| Menu board layouts | 3 | £250.00 | £750.00 |
| Revisions (hours) | 4 | £60.00 | £240.00 |

Subtotal: £2,790.00
VAT (20%): £558.00
**Total due: £3,348.00**

Payment by bank transfer to Lark & Wren Design Ltd, sort code 20-45-77, account 53018842. Please quote the invoice number as the reference.
''', [
    ("The total due is £3,348.00", "pass", "'**Total due: £3,348.00**'."),
    ("VAT is calculated correctly", "pass|n/a", "20% of £2,790.00 is £558.00 — correct, but checking needs arithmetic."),
    ("Line items add up to the subtotal", "pass|n/a", "1,800 + 750 + 240 = 2,790 — correct, needs arithmetic."),
    ("States a due date of 17 May 2025", "pass", "'Due date: 17/05/2025' (day/month/year order)."),
    ("Includes a purchase order number", "fail", "No PO number."),
    ("Mentions a late payment fee", "fail", "No late fee mentioned."),
    ("The heading 'INVOICE' is in all caps", "pass", "'INVOICE #2025-0417'."),
    ("Does not use the word 'sign'", "pass", "'sign' occurs only inside 'Design' and 'redesign', never as its own word."),
    ('Charges VAT at 17.5%', 'fail', 'VAT is 20%.'),
    ('The invoice is for design work', 'pass|n/a', 'Logo redesign, menu layouts, from a design studio — by meaning.'),
    ('Payment is due 30 days after the invoice date', 'pass|n/a', '17/04/2025 to 17/05/2025 is 30 days; needs date arithmetic.'),
    ('Is easy to read', 'n/a', 'Matter of taste.'),
])

_add("b09-refund-policy", "refund policy",
     "Write a short refund policy for our online course platform, Learnwell. Refunds within 14 days if less than 30% of the course is completed; no refunds on bundles; explain how to request a refund via the Help Center; under 200 words.",
     r'''
# Learnwell Refund Policy

We want you to be happy with every course you take on Learnwell.

**Eligibility.** You can get a full refund within 14 days of purchase, as long as you've completed less than 30% of the course.

**Bundles.** No refunds on bundles.

**Processing.** Approved refunds go back to your original payment method within 10 business days.

**Exceptions.** If a course is removed from the platform, you'll receive a full refund automatically, whatever your progress.

Questions? Email support@learnwell.com.

<!-- explain how to request a refund via the Help Center -->
''', [
    ("Explains how to request a refund via the Help Center", "fail", "[copied] Only an HTML comment repeating the instruction; the policy never explains the request steps."),
    ("Mentions the Help Center", "fail", "[copied] 'Help Center' appears only in the leftover HTML comment."),
    ("States the 14-day refund window", "pass", "'within 14 days of purchase'."),
    ("States the 30% completion limit", "pass", "'completed less than 30% of the course'."),
    ("Says bundles are not refundable", "pass", "'No refunds on bundles.'"),
    ("Is under 200 words", "pass", "92 whitespace-separated words including the HTML comment."),
    ("Uses plain language", "n/a", "Matter of taste."),
    ("Covers what happens if a course is discontinued", "pass|n/a", "'If a course is removed from the platform' — 'removed' as 'discontinued' is a synonym match."),
    ("Offers refunds within 30 days", "fail", "The window is 14 days; 30 is the completion percentage."),
    ('Offers store credit instead of a refund', 'fail|n/a', 'Only full refunds; no store credit — ruling it out needs reading.'),
    ('Allows refunds on partly completed courses', 'pass|n/a', "Refunds if 'less than 30%' completed, so partial progress qualifies; inference."),
    ('Is fair to customers', 'n/a', 'Matter of judgment.'),
])

_add("b10-faq", "FAQ page", "",
     r'''
## Frequently Asked Questions — Pinecrest Community Pool

**When is the pool open?**
Monday to Friday 6:00–21:00, weekends 8:00–18:00. We close on public holidays.

**Do I need to book a lane?**
Lap lanes can be booked up to 48 hours ahead in the Pinecrest app. Open swim doesn't need a booking.

**Are children allowed?**
Yes. Children under 8 must be accompanied in the water by an adult.

**Can I bring food?**
Snacks are fine in the picnic area. No glass anywhere on the pool deck.

**Is there parking?**
Yes, 60 free spaces behind the building.
''', [
    ("Has at least five questions", "pass", "Five bold questions."),
    ("Every question is in bold", "pass", "All five questions are wrapped in **."),
    ("States the age under which children must be accompanied", "pass", "'Children under 8 must be accompanied'."),
    ("Says lap lanes can be booked up to 24 hours ahead", "fail", "It says 48 hours."),
    ("Covers pricing or membership fees", "fail", "No prices anywhere (the only 'free' is parking)."),
    ("Mentions lifeguards", "fail", "Not mentioned."),
    ("Every answer is under 30 words", "pass", "Longest answer (lane booking) is 20 words; the others are 7-14."),
    ("Answers are friendly", "n/a", "Tone is taste."),
    ("Says whether glass is allowed", "pass", "'No glass anywhere on the pool deck.'"),
    ("Says whether pets are allowed", "fail", "No mention of pets or dogs."),
    ('Says the pool is open on public holidays', 'fail|n/a', "It says 'We close on public holidays'; the negation needs reading."),
    ('Says young children must be supervised in the water', 'pass|n/a', "'Children under 8 must be accompanied in the water by an adult' — paraphrase."),
])

_add("b11-review", "customer product review", "",
     r'''
★★★☆☆ Good grinder, annoying cleanup

I've used the Caldera C40 burr grinder every morning for about three months. Grind consistency is excellent for pour-over — noticeably fewer fines than my old blade grinder, and the 40 settings cover everything from espresso-ish to French press.

Two things bug me. First, static: grounds cling to the catch cup and spray onto the counter unless I tap it several times. Second, the hopper only holds about 100 g of beans, so I refill it every few days.

For $129 it's a solid upgrade if you brew pour-over. If you mostly make espresso, spend more on something built for it.
''', [
    ("Gives a star rating", "pass", "'★★★☆☆'."),
    ("Mentions at least two drawbacks", "pass", "'Two things bug me. First, static ... Second, the hopper ...'."),
    ("States how long the reviewer has used it", "pass", "'for about three months'."),
    ("Recommends the grinder for espresso", "fail|n/a", "It advises espresso drinkers to 'spend more on something built for it' — a negative recommendation that needs reading."),
    ("Compares it to a previous grinder", "pass|n/a", "'fewer fines than my old blade grinder' — a comparison, recognised by meaning."),
    ("Is balanced", "n/a", "Matter of judgment/taste."),
    ("Mentions the hopper holds about 100 g", "pass", "'holds about 100 g of beans'."),
    ("The title mentions static", "fail", "Title is 'Good grinder, annoying cleanup'."),
    ("Gives a five-star rating", "fail", "Three filled stars of five."),
    ('Says who the grinder is best for', 'pass|n/a', "'a solid upgrade if you brew pour-over' — by meaning."),
    ('Mentions noise', 'fail', 'Noise is not mentioned.'),
    ('Complains about grind consistency', 'fail|n/a', "Consistency is praised as 'excellent'; the topic is present, so deciding needs reading."),
])

_add("b12-newsletter", "member newsletter",
     "Write the April newsletter for Riverside Makerspace. Announce the new laser cutter, remind members that dues rise to $45/month on May 1, list three upcoming workshops with dates, and include a volunteer call-out.",
     r'''
Subject: Riverside Makerspace — April News

Hi makers,

Spring is here and the shop is busier than ever. Here's what's new.

**New laser cutter!** Our 60W laser cutter is installed and ready. Book a 30-minute induction at the front desk before your first cut.

**Upcoming workshops**
- Intro to Soldering — Saturday, April 12
- Woodturning Basics — Thursday, April 17

**Dues reminder:** Remind members that dues rise to $45/month on May 1.

See you in the shop,
The Riverside Makerspace team
''', [
    ("Announces the new laser cutter", "pass", "'**New laser cutter!** Our 60W laser cutter is installed and ready.'"),
    ("Lists three upcoming workshops with dates", "fail", "Two workshops listed (Soldering, Woodturning)."),
    ("Reminds members that dues rise to $45/month on May 1", "fail", "[copied] The only dues text is the instruction itself ('Remind members that dues rise ...') pasted under the heading."),
    ("States the date the new dues take effect", "fail", "[copied] 'May 1' appears only inside the pasted instruction."),
    ("Includes a call for volunteers", "fail", "No volunteer call-out anywhere."),
    ("Every workshop listed has a date", "pass", "April 12 and April 17."),
    ("Mentions the laser cutter's power", "pass", "'60W'."),
    ("Is fun to read", "n/a", "Matter of taste."),
    ("Says how to book an induction", "pass", "'Book a 30-minute induction at the front desk'."),
    ('Includes at least one weekend workshop', 'pass|n/a', "'Saturday, April 12' — weekend by knowledge."),
    ('Explains why dues are rising', 'fail|n/a', 'No reason given anywhere.'),
    ('Has an upbeat tone', 'n/a', 'Matter of taste.'),
])

_add("b13-linkedin", "LinkedIn post", "",
     r'''
Three years ago I almost shut down Fieldnote.

We had 11 paying customers, two months of runway, and a product nobody opened twice.

What changed wasn't a pivot. It was one question we started asking every user on a 20-minute call: "What did you do right before you opened Fieldnote?"

The answers showed us people weren't looking for a note-taking app. They wanted a way to prep for client meetings. We rebuilt the home screen around that, and retention tripled in a quarter.

Today we're at 2,400 customers and 19 people.

If you're stuck, stop asking users what they want. Ask them what they were doing.

#startups #productmanagement #founders
''', [
    ("Opens with a strong hook", "n/a", "Matter of taste."),
    ("Includes at least three hashtags", "pass", "#startups #productmanagement #founders = 3."),
    ("Includes exactly two hashtags", "fail", "There are three hashtags."),
    ("Ends with a question to readers", "fail", "Ends with hashtags after an imperative 'Ask them what they were doing.'; no closing question."),
    ("Shares a specific lesson", "pass|n/a", "The lesson ('stop asking users what they want. Ask them what they were doing.') is identified by meaning."),
    ("Says the company pivoted", "fail|n/a", "It says 'What changed wasn't a pivot'; the word is present but negated."),
    ("States the team size", "pass|n/a", "'19 people' alongside customers; reading it as team size is inference."),
    ("Every paragraph has at most three sentences", "pass", "Longest paragraph (the answers) has 3 sentences; the question inside quotes is part of sentence 2 of its paragraph."),
    ("Mentions the starting number of customers as 12", "fail", "It was 11 paying customers."),
    ('Tells a before-and-after story', 'pass|n/a', '11 customers and two months of runway then, 2,400 customers now — structure judged by meaning.'),
    ('Includes a link', 'fail', 'No URL.'),
    ('Feels authentic', 'n/a', 'Matter of taste.'),
])

_add("b14-tweet", "social media post (X/Twitter)",
     "Write a single tweet (under 280 characters) announcing our Black Friday sale: 30% off all plans with code BF30, ends Monday at midnight PT. Include a link to shipwright.app/pricing.",
     r'''
Tweet announcing our Black Friday sale, under 280 characters:

Black Friday is here 🚢 Get 30% off every Shipwright plan with code BF30. Offer ends Monday. Upgrade now → shipwright.app/pricing
''', [
    ("Includes the discount code BF30", "pass", "'code BF30'."),
    ("States the sale ends Monday at midnight PT", "fail", "Only 'Offer ends Monday'; no midnight, no PT."),
    ("Mentions the time zone", "fail", "No PT/Pacific or any time zone."),
    ("Includes the link shipwright.app/pricing", "pass", "Link present."),
    ("Mentions 30% off", "pass", "'Get 30% off'."),
    ("The tweet is under 280 characters", "pass", "The tweet line is 128 characters."),
    ("Contains only the tweet, with no preamble", "fail", "Starts with 'Tweet announcing our Black Friday sale, under 280 characters:'."),
    ("Mentions Cyber Monday", "fail", "Only 'Monday'; 'Cyber Monday' nowhere."),
    ("Creates a sense of urgency", "pass|n/a", "'Offer ends Monday. Upgrade now' — urgency judged by meaning."),
    ("Includes a hashtag", "fail", "No '#'."),
    ('Says the discount applies to all plans', 'pass|n/a', "'every Shipwright plan' — 'every' for 'all'."),
    ('Says the offer is for new customers only', 'fail|n/a', 'No such restriction; ruling it out needs reading.'),
])

_add("b15-outage-apology", "customer apology email", "",
     r'''
Subject: We're sorry about Tuesday's outage

Hi there,

On Tuesday, June 10, Tallyboard was unavailable for 3 hours and 12 minutes, from 14:05 to 17:17 UTC. During that time you couldn't log in or sync boards. No data was lost.

The cause was an expired TLS certificate on our load balancer. We've now set up automatic renewal and an alert that fires 30 days before any certificate expires.

We know many of you run stand-ups on Tallyboard, and we let you down. As an apology, we've added a 10% credit to your next invoice — you don't need to do anything.

Full details are on our status page: status.tallyboard.com/incidents/0610

Sincerely,
Ines Carvalho
CTO, Tallyboard
''', [
    ("States how long the outage lasted", "pass", "'3 hours and 12 minutes'."),
    ("Explains the root cause", "pass", "'The cause was an expired TLS certificate on our load balancer.'"),
    ("Offers a 15% credit", "fail", "The credit is 10%."),
    ("Describes what is being done to prevent a recurrence", "pass|n/a", "Automatic renewal and a 30-day alert; recognising these as prevention is by meaning."),
    ("Is signed by the CEO", "fail", "Signed by the CTO."),
    ("Takes responsibility", "pass|n/a", "'we let you down' — judged by meaning."),
    ("The stated duration matches the start and end times", "pass|n/a", "14:05 to 17:17 is 3 h 12 min; needs arithmetic."),
    ("Sounds sincere", "n/a", "Matter of taste."),
    ("Never uses an exclamation mark", "pass", "No '!' in the text."),
    ("Does not use the word 'apologize'", "fail", "'As an apology' uses the word in another form."),
    ("Tells customers they don't need to do anything to get the credit", 'pass|n/a', "'you don't need to do anything' — by meaning."),
    ('Blames a third-party vendor', 'fail|n/a', 'The cause is their own expired certificate; no vendor blamed.'),
])

_add("b16-interview-thanks", "post-interview thank-you email",
     "Write a thank-you email after my interview with Sofia Lind for the UX Researcher role at Halden Bank. Mention the card-sorting exercise we discussed, restate my interest, and keep it under 120 words.",
     r'''
Subject: Thank you — UX Researcher interview

Dear Sofia,

Thank you for taking the time to speak with me yesterday about the UX Researcher role at Halden Bank. I enjoyed hearing how your team is rethinking the mobile onboarding flow.

(Mention the card-sorting exercise we discussed.)

Our conversation made me even more excited about the chance to bring mixed-methods research to Halden's product teams.

Please let me know if I can share anything else.

Best regards,
Jordan Ellis
''', [
    ("Mentions the card-sorting exercise", "fail", "[copied] Appears only in the parenthetical instruction left in the draft."),
    ("Restates interest in the role", "pass|n/a", "'made me even more excited about the chance to bring mixed-methods research ...' — interest expressed by meaning."),
    ("Is under 120 words", "pass", "78 whitespace-separated words including subject and signature."),
    ("Addresses the interviewer by name", "pass", "'Dear Sofia,'"),
    ("Contains no leftover instructions", "fail", "'(Mention the card-sorting exercise we discussed.)' remains."),
    ("Thanks the interviewer in the first sentence", "pass", "First body sentence begins 'Thank you for taking the time ...'."),
    ("Mentions the mobile onboarding flow", "pass", "'rethinking the mobile onboarding flow'."),
    ("Is gracious", "n/a", "Matter of taste."),
    ("Uses the interviewer's full name", "fail", "Only 'Sofia'; 'Lind' appears nowhere."),
    ('Says when the candidate will follow up', 'fail', 'No follow-up date or time.'),
    ('Refers to something discussed in the interview', 'pass|n/a', "'how your team is rethinking the mobile onboarding flow' — by meaning."),
    ('Asks about next steps in the hiring process', 'fail|n/a', 'Only offers to share more information; no question about next steps.'),
])

_add("b17-event-invite", "event invitation email", "",
     r'''
Subject: You're invited: Harbourview Alumni Summer Evening — Fri 18 July

Dear alumni,

Join us for our annual Summer Evening on the terrace of the Harbourview Maritime Museum on Friday 18 July, 6:30–9:30 pm.

Expect canapés from Salt & Sorrel, a short talk from Professor Ruth Adeyemi on the restoration of the museum's 1890s schooner, and plenty of time to catch up.

Tickets are £25 (£15 for graduates of the last five years) and include two drinks. Please RSVP by 4 July at harbourview.ac.uk/summer.

Dress code: smart casual.

We hope to see you there,
Alumni Relations Office
''', [
    ("States the date and time", "pass", "'Friday 18 July, 6:30–9:30 pm'."),
    ("Gives an RSVP deadline", "pass", "'Please RSVP by 4 July'."),
    ("States the ticket price", "pass", "'Tickets are £25'."),
    ("Says tickets include three drinks", "fail", "They include two drinks."),
    ("Names the speaker Professor Ruth Adeyemi", "pass", "Exact name present."),
    ("Mentions accessibility information", "fail", "No step-free access, accessibility, or similar."),
    ("The subject line includes the date", "pass", "'Fri 18 July'."),
    ("Offers a discounted ticket for recent graduates", "pass|n/a", "'£15 for graduates of the last five years' — 'recent' by inference."),
    ("Is inviting", "n/a", "Matter of taste."),
    ("Describes the evening's programme", 'pass|n/a', 'Canapés, a talk, time to catch up — by meaning.'),
    ('Says whether guests can bring a plus-one', 'fail', 'No mention of guests or plus-ones.'),
    ('Says the event is free for recent graduates', 'fail|n/a', 'Recent graduates pay £15.'),
])

_add("b18-out-of-office", "out-of-office auto-reply", "",
     r'''
Subject: Out of office until Monday 2 June

Hello,

Thanks for your message. I'm out of the office from 26 May and back on Monday 2 June, with limited access to email.

For anything urgent about invoices, please contact Ravi Menon at ravi.menon@kestrelparts.com. For orders, call our sales desk on +44 20 7946 0321.

I'll reply to your message when I'm back.

Kind regards,
Hannah Brook
Accounts Manager, Kestrel Parts
''', [
    ("States the return date", "pass", "'back on Monday 2 June'."),
    ("Gives an alternative contact", "pass", "'contact Ravi Menon at ravi.menon@kestrelparts.com'."),
    ("Gives the reason for the absence", "fail", "No reason (holiday, conference, etc.) given."),
    ("Is under 100 words", "pass", "70 whitespace-separated words including subject and signature."),
    ("Says the absence starts on 25 May", "fail", "It starts on 26 May."),
    ("Gives an email contact for urgent order questions", "fail|n/a", "The email contact is for invoices; orders get a phone number — separating them needs reading."),
    ("Sounds professional", "n/a", "Matter of taste."),
    ("Has no more than four sentences in the body", "fail", "Body has 5 sentences: Thanks...; I'm out...; For anything urgent...; For orders...; I'll reply... (email address dots not counted)."),
    ('Says the message will be forwarded to a colleague', 'fail|n/a', 'It gives alternative contacts and says she will reply later; nothing is forwarded.'),
    ('Is friendly', 'n/a', 'Matter of taste.'),
])

_add("b19-price-increase", "price change announcement email",
     "Tell customers of Greenleaf Meal Kits that the weekly 4-meal plan goes from $59.99 to $64.99 starting 1 September. Explain it's due to higher ingredient and delivery costs, thank them, and tell them they can pause or cancel anytime from Account Settings.",
     r'''
Subject: An update to your Greenleaf plan price

Hi Sam,

Thank you for cooking with Greenleaf. We're writing to let you know about a change to your plan.

Starting 1 September, the weekly 4-meal plan will cost $64.99, up from $59.99. This is the first price change since we launched in 2021.

We've worked hard to keep costs down, and we'll keep sourcing from the same local farms you know.

Tell them they can pause or cancel anytime from Account Settings.

Thanks for being part of Greenleaf.

The Greenleaf team
''', [
    ("States the new price", "pass", "'$64.99'."),
    ("States the old price", "pass", "'up from $59.99'."),
    ("Gives the effective date", "pass", "'Starting 1 September'."),
    ("Explains the reason for the increase", "fail|n/a", "Only 'We've worked hard to keep costs down'; no reason is given, but deciding that needs reading."),
    ("Mentions higher delivery costs", "fail", "'delivery' appears nowhere."),
    ("Tells customers they can pause or cancel from Account Settings", "fail", "[copied] Only the pasted instruction 'Tell them they can pause or cancel ...' (third person, addressed to the writer)."),
    ("Mentions Account Settings", "fail", "[copied] 'Account Settings' appears only in the pasted instruction."),
    ("Thanks the customer", "pass", "'Thank you for cooking with Greenleaf.'"),
    ("Says this is the first price change", "pass", "'This is the first price change since we launched in 2021.'"),
    ("Is tactful", "n/a", "Matter of taste."),
    ("Reassures the customer that quality won't change", 'pass|n/a', "'we'll keep sourcing from the same local farms you know' — by meaning."),
    ('Offers a discount to offset the increase', 'fail|n/a', 'No discount; ruling it out needs reading.'),
])


# ---------------------------------------------------------------------------
# Family 2: technical text
# ---------------------------------------------------------------------------

_add("t01-api-doc", "API reference doc", "",
     r'''
## POST /v1/invoices/{invoice_id}/void

Voids an open invoice. A voided invoice can't be paid or edited.

**Authentication:** Bearer token with the `invoices:write` scope.

**Path parameters**

| Name | Type | Description |
|---|---|---|
| `invoice_id` | string | ID of the invoice, e.g. `inv_8KzP2` |

**Request body:** none.

**Responses**

- `200 OK` — returns the updated invoice object with `status: "void"`.
- `404 Not Found` — no invoice with that ID.
- `409 Conflict` — the invoice is already paid or void.

**Example**

```bash
curl -X POST https://api.tallypay.com/v1/invoices/inv_8KzP2/void \
  -H "Authorization: Bearer $TALLYPAY_KEY"
```
''', [
    ("States the required scope", "pass", "'invoices:write'."),
    ("Documents the 404 response", "pass", "'404 Not Found — no invoice with that ID.'"),
    ("Documents a 401 Unauthorized response", "fail", "Only 200, 404, 409 listed."),
    ("Includes a curl example", "pass", "curl command in a bash code block."),
    ("Lists path parameters in a table", "pass", "Markdown table with invoice_id."),
    ("Explains what happens if the invoice is already paid", "pass", "'409 Conflict — the invoice is already paid or void.'"),
    ("Mentions rate limits", "fail", "Not mentioned."),
    ("Shows an example response body", "fail", "No JSON/response body shown, only a request."),
    ("Is clear", "n/a", "Matter of taste."),
    ("Documents exactly three response codes", "pass", "200, 404, 409."),
    ('Explains what voiding an invoice does', 'pass|n/a', "'A voided invoice can't be paid or edited.' — by meaning."),
    ('Says the endpoint is idempotent', 'fail|n/a', 'Not stated; voiding twice returns 409, which suggests it is not.'),
])

_add("t02-readme", "README",
     "Write a README for `csvkit-lite`, a Python CLI that converts CSV to JSON. Include installation with pip, a usage example, a list of options, the license (MIT), and how to run tests with pytest.",
     r'''
# csvkit-lite

A tiny command-line tool that converts CSV files to JSON.

## Installation

```bash
pip install csvkit-lite
```

## Usage

```bash
csv2json data.csv > data.json
```

Each row becomes a JSON object keyed by the header row.

## Options

- `--delimiter` / `-d`: field delimiter (default `,`)
- `--indent`: pretty-print with N spaces
- `--array`: output a single JSON array instead of one object per line

## Running tests

<!-- how to run tests with pytest -->

## License

MIT
''', [
    ("Explains how to run tests with pytest", "fail", "[copied] The 'Running tests' section holds only an HTML comment repeating the instruction."),
    ("Mentions pytest", "fail", "[copied] 'pytest' appears only inside the leftover HTML comment."),
    ("Includes installation with pip", "pass", "'pip install csvkit-lite'."),
    ("Gives a usage example", "pass", "'csv2json data.csv > data.json'."),
    ("Lists at least three options", "pass", "--delimiter, --indent, --array = 3."),
    ("The Installation section appears before the Usage section", "pass", "Installation heading precedes Usage."),
    ("States the required Python version", "fail", "No Python version given."),
    ("Documents the default delimiter", "pass", "'(default `,`)'."),
    ("Has a Contributing section", "fail", "Sections: Installation, Usage, Options, Running tests, License."),
    ("Lists at least four options", "fail", "Three options."),
    ('Explains the output format', 'pass|n/a', "'Each row becomes a JSON object keyed by the header row.' — by meaning."),
    ('Is concise', 'n/a', 'Matter of taste.'),
])

_add("t03-incident-report", "incident postmortem", "",
     r'''
# Incident Report: Checkout failures — 2025-02-19

**Severity:** SEV-2
**Duration:** 47 minutes (09:12–09:59 UTC)
**Author:** Kwame Mensah

## Summary
About 22% of checkout attempts failed with HTTP 502 after a config change reduced the payment service's connection pool from 50 to 5.

## Timeline (UTC)
- 09:10 — Config change deployed
- 09:12 — Error rate alert fires
- 09:31 — On-call identifies the pool size change
- 09:44 — Change rolled back
- 09:59 — Error rate back to baseline

## Root cause
A typo in `payments.yaml` set `pool_size: 5` instead of `50`. The config linter doesn't check value ranges.

## Action items
1. Add range validation to the config linter — owner: Lea Fischer, due 2025-03-07
2. Alert on connection pool saturation — owner: Kwame Mensah, due 2025-03-14
''', [
    ("Includes a timeline with timestamps", "pass", "Five timestamped timeline bullets."),
    ("Has a root cause section", "pass", "'## Root cause'."),
    ("Each action item has an owner", "pass", "Both items have 'owner:'."),
    ("Lists at least three action items", "fail", "Two action items."),
    ("Quantifies the customer impact", "pass", "'About 22% of checkout attempts failed'."),
    ("Is blameless", "pass|n/a", "No person is blamed for the typo; judging blamelessness needs reading."),
    ("Says the change was rolled back at 09:41", "fail", "Rolled back at 09:44."),
    ("Explains how the issue was detected", "pass|n/a", "'09:12 — Error rate alert fires' — detection inferred from the timeline."),
    ("Is well written", "n/a", "Matter of taste."),
    ("Names the HTTP error code customers saw", "pass", "'HTTP 502'."),
    ('Says the config linter has already been fixed', 'fail|n/a', 'Range validation is only an open action item due 2025-03-07.'),
    ('Explains why the typo was not caught', 'pass|n/a', "'The config linter doesn't check value ranges.' — by meaning."),
])

_add("t04-runbook", "operations runbook",
     "Write a runbook for when the Redis primary in production runs out of memory. Include how to confirm the problem with redis-cli INFO memory, how to fail over to the replica, who to escalate to (the #platform-oncall channel), and a rollback step.",
     r'''
# Runbook: Redis primary out of memory (prod)

**Alert:** `RedisMemoryHigh` — used_memory above 90% of maxmemory for 5 minutes.

## 1. Confirm
Connect to the primary and check memory:

```bash
redis-cli -h redis-prod-primary INFO memory
```

Look at `used_memory_human` and `maxmemory_human`. If usage is above 95%, continue.

## 2. Relieve pressure
Find the largest keys:

```bash
redis-cli -h redis-prod-primary --bigkeys
```

If a single key family is growing unexpectedly, ask its owning team before deleting anything.

## 3. Fail over
Promote the replica using Sentinel:

```bash
redis-cli -p 26379 SENTINEL failover prod-redis
```

## 4. Escalate
Who to escalate to (the #platform-oncall channel).
''', [
    ("Explains how to confirm the problem with redis-cli INFO memory", "pass", "Step 1 runs 'redis-cli -h redis-prod-primary INFO memory' and says what to read."),
    ("Explains how to fail over to the replica", "pass", "Step 3: 'Promote the replica using Sentinel' with the SENTINEL failover command."),
    ("Says who to escalate to", "fail", "[copied] Step 4 holds only the instruction fragment 'Who to escalate to (the #platform-oncall channel).'"),
    ("Names the #platform-oncall channel", "fail", "[copied] The channel appears only inside the pasted instruction fragment."),
    ("Includes a rollback step", "fail", "No rollback step."),
    ("Names the alert that triggers the runbook", "pass", "'RedisMemoryHigh'."),
    ("Every command is in a code block", "pass", "All three redis-cli commands are fenced."),
    ("Warns before deleting keys", "pass|n/a", "'ask its owning team before deleting anything' — a caution recognised by meaning."),
    ("Does not suggest running FLUSHALL", "pass", "FLUSHALL appears nowhere."),
    ("States the alert threshold as 90% of maxmemory", "pass", "'used_memory above 90% of maxmemory'."),
    ('Explains how to verify the failover succeeded', 'fail|n/a', 'No verification step after the SENTINEL command.'),
    ('Is easy to follow under pressure', 'n/a', 'Matter of judgment.'),
])

_add("t05-changelog", "changelog", "",
     r'''
# Changelog

## [2.4.0] — 2025-01-28

### Added
- `--dry-run` flag for `sync` shows changes without writing them.
- Support for Python 3.13.

### Changed
- Default retry count raised from 3 to 5.

### Fixed
- `sync` no longer crashes on empty folders (#412).
- Correct exit code when authentication fails (#418).

### Removed
- Dropped support for Python 3.8.

## [2.3.1] — 2024-12-02

### Fixed
- Progress bar flicker on Windows terminals (#401).
''', [
    ("Every version heading has a date", "pass", "Both version headings carry a date."),
    ("Dates are in ISO 8601 format", "pass", "2025-01-28 and 2024-12-02."),
    ("Groups changes under Added, Changed and Fixed headings", "pass", "### Added, ### Changed, ### Fixed present."),
    ("Mentions dropping Python 3.8 support", "pass", "'Dropped support for Python 3.8.'"),
    ("Mentions support for Python 3.12", "fail", "Adds Python 3.13, not 3.12."),
    ("Has a Security section", "fail", "No Security heading."),
    ("Every Fixed item references an issue number", "pass", "#412, #418, #401 — all three Fixed bullets."),
    ("Notes that the default retry count is now 5", "pass", "'Default retry count raised from 3 to 5.'"),
    ("Flags breaking changes as breaking", "fail|n/a", "Dropping Python 3.8 is breaking but is not labelled so; spotting that needs understanding."),
    ("Lists the newest version first", "pass", "2.4.0 precedes 2.3.1."),
    ('Notes a fix for Windows users', 'pass|n/a', "'Progress bar flicker on Windows terminals' under Fixed in 2.3.1."),
    ('Describes 2.4.0 as a major release', 'fail|n/a', 'Not described that way (it is a minor version bump).'),
])

_add("t06-commit-msg", "git commit message",
     "Write a commit message for fixing the bug where the date picker showed the wrong month in time zones west of UTC. Use Conventional Commits, subject under 50 characters, wrap the body at 72, and reference issue #2291.",
     r'''
fix(datepicker): use local date when building month grid

The month grid was built from `new Date(iso)` and then read with
getUTCMonth(), so users west of UTC saw the previous month on the
first day of each month.

Parse the ISO date as a local date and read getMonth() instead.
Adds tests for UTC-8 and UTC+10.

Reference issue #2291.
''', [
    ("Follows the Conventional Commits format", "pass", "'fix(datepicker): ...' type(scope): description."),
    ("The subject line is under 50 characters", "fail", "Subject is 56 characters."),
    ("References issue #2291", "fail", "[copied] The only mention is the pasted instruction 'Reference issue #2291.' rather than a reference such as 'Refs #2291'."),
    ("Body lines are no longer than 72 characters", "pass", "Longest body line is 65 characters."),
    ("Explains the cause of the bug", "pass|n/a", "new Date(iso) read with getUTCMonth() — cause identified by meaning."),
    ("The subject uses the imperative mood", "pass|n/a", "'use local date ...' — grammatical mood needs understanding."),
    ("Separates subject from body with a blank line", "pass", "Line 2 is blank."),
    ("Uses the type 'feat'", "fail", "Type is 'fix'."),
    ("The subject does not end with a period", "pass", "Ends with 'grid'."),
    ('Explains how the bug was fixed', 'pass|n/a', "'Parse the ISO date as a local date and read getMonth() instead.'"),
    ('Says users east of UTC were affected', 'fail|n/a', 'It says users west of UTC.'),
    ('Is clear', 'n/a', 'Matter of taste.'),
])

_add("t07-pr-description", "pull request description", "",
     r'''
## What

Adds rate limiting to the public `/search` endpoint: 60 requests per minute per API key, using the existing Redis token bucket.

## Why

Last week a single client sent 40k searches in ten minutes and pushed p99 latency above 3s for everyone (INC-774).

## How

- New `RateLimiter` middleware in `api/middleware/ratelimit.py`
- Limit is configurable with `SEARCH_RATE_LIMIT`
- Returns `429 Too Many Requests` with a `Retry-After` header

## Testing

- Unit tests for the bucket refill logic
- Load-tested locally with k6 at 200 rps: excess requests get 429, others unaffected

## Risks

Clients that batch searches may start seeing 429s. We'll email the three heaviest users before deploying.

Closes #1187
''', [
    ("Has What, Why and How sections", "pass", "'## What', '## Why', '## How'."),
    ("States the rate limit", "pass", "'60 requests per minute per API key'."),
    ("Mentions the Retry-After header", "pass", "'with a `Retry-After` header'."),
    ("Describes how it was tested", "pass", "'## Testing' section with unit and k6 load tests."),
    ("Includes screenshots", "fail", "No images."),
    ("States the limit is 100 requests per minute", "fail", "The limit is 60 per minute."),
    ("Names the environment variable that configures the limit", "pass", "'SEARCH_RATE_LIMIT'."),
    ("Mentions the incident that motivated the change", "pass", "'(INC-774)'."),
    ("Considers the impact on existing clients", "pass|n/a", "Risks section about batching clients; judged by meaning."),
    ("Is easy to review", "n/a", "Matter of taste."),
    ('Explains why the change is needed', 'pass|n/a', 'Why section: one client pushed p99 above 3s — by meaning.'),
    ('Says the change was tested in production', 'fail|n/a', 'Load-tested locally; no production test.'),
])

_add("t08-error-message", "UI error message copy",
     "Write the error message shown when a file upload fails because it's over the 25 MB limit. Say what happened, give the limit, suggest compressing the file or using a share link, no blame, under 40 words.",
     r'''
Here's the error message, under 40 words, with no blame:

**Upload failed**
This file is larger than 25MB, so we couldn't upload it. Try compressing it, or share a link instead.

[Try again]
''', [
    ("States the 25 MB limit", "pass", "'larger than 25MB' (unit written without space)."),
    ("Says what happened", "pass|n/a", "'Upload failed' / 'we couldn't upload it' — judged by meaning."),
    ("Suggests compressing the file", "pass", "'Try compressing it'."),
    ("Suggests using a share link", "pass|n/a", "'share a link instead' — word order differs from 'share link'."),
    ("The message is under 40 words", "pass", "Message (title, body, button) is 23 words."),
    ("Does not blame the user", "pass|n/a", "No 'you' blame ('This file is larger ...'); judged by meaning."),
    ("Contains only the message, with no commentary", "fail", "Opens with 'Here's the error message, under 40 words, with no blame:'."),
    ("Offers a way to retry", "pass|n/a", "'[Try again]' button; 'retry' as 'try again' is a synonym."),
    ("Is reassuring", "n/a", "Matter of taste."),
    ("Gives the limit as 20 MB", "fail", "The limit given is 25MB."),
    ("Uses the word 'sorry'", "fail", "No apology word."),
    ('Is friendly', 'n/a', 'Matter of taste.'),
])

_add("t09-security-advisory", "security advisory", "",
     r'''
# Security Advisory: Path traversal in Quillpress file export (CVE-2025-31877)

**Published:** 2025-04-02
**Severity:** High (CVSS 8.1)
**Affected versions:** Quillpress 3.0.0 through 3.4.2
**Fixed in:** 3.4.3

## Description
The `/export` endpoint did not normalise the `filename` parameter. An authenticated user with the Editor role could read arbitrary files on the server, including `config/secrets.yml`.

## Impact
Attackers with Editor access could obtain database credentials and API keys stored on the server.

## Remediation
Upgrade to 3.4.3 or later. If you cannot upgrade right away, block requests to `/export` containing `..` at your reverse proxy.

After upgrading, rotate any credentials stored in `config/secrets.yml`.

## Credits
Reported by Mei Tanaka of Ridgeline Security.
''', [
    ("States the CVSS score", "pass", "'CVSS 8.1'."),
    ("Lists the affected versions", "pass", "'3.0.0 through 3.4.2'."),
    ("Gives a workaround for users who cannot upgrade", "pass", "'If you cannot upgrade right away, block requests ...'."),
    ("Credits the reporter", "pass", "'Reported by Mei Tanaka of Ridgeline Security.'"),
    ("Credits Mei Tanaka of Redline Security", "fail", "The firm is Ridgeline Security, not Redline."),
    ("Says whether authentication is required to exploit it", "pass|n/a", "'An authenticated user with the Editor role' — inferred requirement."),
    ("Says the flaw is being actively exploited", "fail", "No mention of exploitation in the wild."),
    ("Says versions before 3.0.0 are affected", "fail|n/a", "Only 3.0.0–3.4.2 are listed; needs reading to rule out."),
    ("Is over 100 words", "pass", "109 whitespace-separated tokens (about 104 without the # heading markers)."),
    ("States the severity as Critical", "fail", "Severity is High."),
    ('Explains the impact of the vulnerability', 'pass|n/a', 'Impact section: attackers could obtain credentials and keys.'),
    ('Says unauthenticated users can exploit it', 'fail|n/a', 'Requires an authenticated Editor.'),
])

_add("t10-design-doc", "software design doc",
     "Write a one-page design doc for adding soft delete to the Projects table. Cover goals, non-goals, the schema change (a deleted_at timestamp column), how queries exclude deleted rows, the 30-day purge job, and open questions.",
     r'''
# Design: Soft delete for Projects

**Author:** Rina Okafor · **Status:** Draft · **Updated:** 2025-05-20

## Goals
- Let users restore a deleted project for 30 days
- Keep audit history intact after deletion

## Non-goals
- Soft delete for tasks or comments (separate doc)
- An admin UI for bulk restore

## Schema change
Add a nullable `deleted_at TIMESTAMPTZ` column to `projects`. Deleting a project sets it to `now()`; restoring sets it back to `NULL`.

## Query changes
All reads go through the `active_projects` view, defined as `SELECT * FROM projects WHERE deleted_at IS NULL`. The ORM's default scope will use the view.

## Purge job
Cover the 30-day purge job.

## Open questions
- Should restoring a project also restore its webhooks?
''', [
    ("Has a Non-goals section", "pass", "'## Non-goals'."),
    ("Describes the schema change with a deleted_at column", "pass", "'Add a nullable `deleted_at TIMESTAMPTZ` column'."),
    ("Explains how queries exclude deleted rows", "pass", "'active_projects' view with 'WHERE deleted_at IS NULL'."),
    ("Describes the 30-day purge job", "fail", "[copied] The Purge job section contains only 'Cover the 30-day purge job.', the brief's wording."),
    ("Lists at least two open questions", "fail", "One open question."),
    ("Uses TIMESTAMPTZ for the new column", "pass", "'deleted_at TIMESTAMPTZ'."),
    ("Explains how a project is restored", "pass", "'restoring sets it back to `NULL`'."),
    ("Considers the performance impact of the view", "fail|n/a", "No discussion of performance or indexes; confirming absence of any such reasoning needs reading."),
    ("Is well structured", "n/a", "Matter of taste."),
    ("Gives the document status", "pass", "'Status: Draft'."),
    ('Lists what is out of scope', 'pass|n/a', "Non-goals section — 'out of scope' by synonym."),
    ('Decides whether restoring a project restores its webhooks', 'fail|n/a', 'Left as an open question, not decided.'),
])

_add("t11-release-notes", "user-facing release notes", "",
     r'''
# What's new in Pocketbook 5.2

**Released 14 March 2025**

**Split bills with friends.** Tap the new Split button on any expense to divide it evenly or by custom amounts. Your friends get a link — they don't need an account.

**Faster sync.** Syncing large accounts is up to 3× faster.

**Dark mode on Android.** Finally! Turn it on in Settings → Appearance.

**Fixes**
- Receipts no longer rotate sideways on some Samsung phones.
- Fixed a crash when exporting to CSV with emoji in category names.

Thanks for all the feedback — keep it coming at feedback@pocketbook.app.
''', [
    ("Gives the release date", "pass", "'Released 14 March 2025'."),
    ("Mentions dark mode on iOS", "fail", "Dark mode is announced for Android only."),
    ("Explains how to turn on dark mode", "pass", "'Turn it on in Settings → Appearance.'"),
    ("Lists at least two bug fixes", "pass", "Two bullets under Fixes."),
    ("Says sync is up to 3 times faster", "pass", "'up to 3× faster' (× for 'times')."),
    ("Avoids technical jargon", "n/a", "Judgment of style."),
    ("Mentions a fix for iPhone", "fail", "Fix mentions Samsung phones only."),
    ("Says friends need an account to split a bill", "fail|n/a", "It says 'they don't need an account' — negation needs reading."),
    ("The title is in Title Case", "fail", "'What's new in Pocketbook 5.2' — 'new' is lower-case."),
    ("Mentions CSV export", "pass", "'exporting to CSV'."),
    ('Says bills can be split unevenly', 'pass|n/a', "'divide it evenly or by custom amounts' — by meaning."),
    ('Is upbeat', 'n/a', 'Matter of taste.'),
])

_add("t12-migration-guide", "migration guide", "",
     r'''
# Migrating from v1 to v2 of the Ferrite SDK

v2 drops callbacks in favour of promises and renames two methods.

## 1. Update the package

```bash
npm install ferrite-sdk@2
```

## 2. Replace callbacks with async/await

Before:
```js
client.getUser(id, (err, user) => { ... });
```

After:
```js
const user = await client.getUser(id);
```

## 3. Renamed methods

| v1 | v2 |
|---|---|
| `listItems()` | `items.list()` |
| `deleteItem(id)` | `items.delete(id)` |

## 4. Node version

v2 requires Node.js 18 or later.
''', [
    ("Includes before-and-after code examples", "pass", "'Before:' and 'After:' code blocks."),
    ("Lists renamed methods in a table", "pass", "v1/v2 table."),
    ("States the minimum Node.js version", "pass", "'requires Node.js 18 or later'."),
    ("Says Node.js 16 is supported", "fail|n/a", "Requires 18 or later, so 16 is not supported; needs inference."),
    ("Says v2 removes callbacks", "pass|n/a", "'v2 drops callbacks' — 'drops' as 'removes' is a synonym."),
    ("Lists exactly three renamed methods", "fail", "Two rows in the renamed-methods table."),
    ("Explains how to roll back to v1", "fail", "No rollback instructions."),
    ("Every code sample is in a fenced code block", "pass", "All three samples are fenced."),
    ("Is easy to follow", "n/a", "Matter of taste."),
    ('Shows how to convert callback code to async/await', 'pass|n/a', "Before/After snippets under 'Replace callbacks with async/await'."),
    ('Says v2 still accepts callbacks', 'fail|n/a', "v2 'drops callbacks'."),
])

_add("t13-bug-report", "bug report",
     "File a bug report: the 'Export PDF' button does nothing in Firefox 126 on macOS. Include steps to reproduce, expected vs actual behaviour, environment details, and console errors if any.",
     r'''
**Title:** "Export PDF" button does nothing in Firefox

**Steps to reproduce**
1. Open any report in the dashboard
2. Click **Export PDF** in the top-right toolbar
3. Wait 10 seconds

**Expected:** A PDF downloads.
**Actual:** Nothing happens. No download, no error message shown.

**Environment**
- Firefox 126
- Works in Chrome 125 and Safari 17 on the same machine

**Console errors**
Include console errors if any.
''', [
    ("Includes steps to reproduce", "pass", "'**Steps to reproduce**' with numbered steps."),
    ("States expected and actual behaviour", "pass", "'**Expected:**' and '**Actual:**'."),
    ("Names the browser version", "pass", "'Firefox 126'."),
    ("Names the operating system", "fail", "No OS given ('macOS' appears nowhere; only 'the same machine')."),
    ("Includes the console errors", "fail", "[copied] The section holds only 'Include console errors if any.', the brief's words."),
    ("Says whether it works in other browsers", "pass", "'Works in Chrome 125 and Safari 17'."),
    ("The title mentions macOS", "fail", "Title ends at 'in Firefox'."),
    ("Has at least four reproduction steps", "fail", "Three steps."),
    ("Is actionable", "n/a", "Matter of judgment."),
    ('Says the problem seems specific to Firefox', 'pass|n/a', 'Works in Chrome and Safari on the same machine — inference.'),
    ('Reports an error message shown to the user', 'fail|n/a', "It says 'no error message shown'; the phrase is present but negated."),
])

_add("t14-cli-help", "CLI help text", "",
     r'''
Usage: snapctl backup [OPTIONS] SOURCE DEST

  Create a compressed, incremental backup of SOURCE in DEST.

Options:
  -c, --compression [zstd|gzip|none]  Compression method (default: zstd)
  -k, --keep INTEGER                  Number of snapshots to keep (default: 7)
  -x, --exclude PATTERN               Glob to exclude; can be repeated
  -n, --dry-run                       Show what would be backed up
  -v, --verbose                       Print each file as it's copied
  -h, --help                          Show this message and exit

Examples:
  snapctl backup ~/projects /mnt/nas/backups
  snapctl backup -x '*.log' -k 14 /var/www s3://acme-backups/www
''', [
    ("States the default compression method", "pass", "'(default: zstd)'."),
    ("States that 10 snapshots are kept by default", "fail", "Default is 7."),
    ("Every option has a short form", "pass", "All six options have -c/-k/-x/-n/-v/-h."),
    ("Documents a --version flag", "fail", "No --version."),
    ("Says --exclude can be repeated", "pass", "'can be repeated'."),
    ("Includes an example that backs up to S3", "pass", "'s3://acme-backups/www'."),
    ("Mentions encryption", "fail", "No encryption option or mention."),
    ("Does not use the word 'copy'", "fail", "'as it's copied' uses the word in another form."),
    ("Lists exactly six options", "pass", "compression, keep, exclude, dry-run, verbose, help."),
    ('Describes what the command does', 'pass|n/a', "'Create a compressed, incremental backup of SOURCE in DEST.'"),
    ('Supports backing up over SSH', 'fail|n/a', 'Examples cover local paths and S3 only; SSH not mentioned.'),
    ('Has an option to set the compression level', 'fail|n/a', 'Only the compression method (zstd|gzip|none), not a level.'),
])

_add("t15-adr", "architecture decision record", "",
     r'''
# ADR 0012: Use PostgreSQL for the event store

**Status:** Accepted
**Date:** 2025-03-11

## Context
We need durable, ordered storage for about 2 million domain events a day. The team already runs PostgreSQL for everything else, and nobody on call has operated Kafka or EventStoreDB.

## Decision
Store events in an append-only `events` table in PostgreSQL, partitioned by month, with a `(stream_id, version)` unique constraint for optimistic concurrency.

## Consequences
- One less system to operate and monitor.
- Replaying a full stream is slower than with a dedicated event store; acceptable below ~50M events.
- If volume grows 10×, revisit this decision (see ADR 0009 on Kafka).
''', [
    ("Has Context, Decision and Consequences sections", "pass", "All three headings present."),
    ("Has an 'Alternatives considered' section", "fail", "No such section."),
    ("Gives the expected event volume", "pass", "'about 2 million domain events a day'."),
    ("Mentions a downside of the decision", "pass|n/a", "'Replaying a full stream is slower ...' — a downside by meaning."),
    ("Says the table is partitioned by week", "fail", "Partitioned by month."),
    ("Describes how concurrency is handled", "pass", "'unique constraint for optimistic concurrency'."),
    ("References another ADR", "pass", "'see ADR 0009'."),
    ("Is well reasoned", "n/a", "Matter of judgment."),
    ("Says when the decision should be revisited", "pass", "'If volume grows 10×, revisit this decision'."),
    ('Explains why PostgreSQL was chosen', 'pass|n/a', 'Team already runs it; nobody has operated Kafka/EventStoreDB — by meaning.'),
    ('Rejects Kafka because of cost', 'fail|n/a', 'Cost is never mentioned; the reason is operational familiarity.'),
    ('Is concise', 'n/a', 'Matter of taste.'),
])

_add("t16-onboarding", "engineering onboarding doc",
     "Write the 'Your first day' section of our engineering onboarding doc. Cover getting laptop access from IT, cloning the monorepo, running `make dev`, joining #eng-help, and who your onboarding buddy is (assigned by your manager).",
     r'''
## Your first day

Welcome! Here's how to get set up.

1. **Laptop access.** IT will hand you your laptop at 9:30. Log in with the temporary password in your welcome email, then set up 1Password.
2. **Clone the monorepo.**
   ```bash
   git clone git@github.com:northwind/monorepo.git
   ```
3. **Start the dev environment.**
   ```bash
   cd monorepo && make dev
   ```
   The first run takes about 20 minutes while Docker images download.
4. **Say hello.** Join #eng-help on Slack and introduce yourself.

Who your onboarding buddy is (assigned by your manager).
''', [
    ("Explains how to clone the monorepo", "pass", "git clone command in step 2."),
    ("Tells the reader to run make dev", "pass", "'cd monorepo && make dev'."),
    ("Mentions the #eng-help channel", "pass", "'Join #eng-help on Slack'."),
    ("Explains how the onboarding buddy is assigned", "fail", "[copied] Only the brief's fragment 'Who your onboarding buddy is (assigned by your manager).' is pasted at the end."),
    ("Mentions the onboarding buddy", "fail", "[copied] 'onboarding buddy' appears only in that pasted fragment."),
    ("Says how long the first make dev run takes", "pass", "'about 20 minutes'."),
    ("Has exactly five steps", "fail", "Four numbered steps."),
    ("Says what time IT hands over the laptop", "pass", "'at 9:30'."),
    ("Is welcoming", "n/a", "Matter of taste."),
    ('Says where to find the first login password', 'pass|n/a', "'the temporary password in your welcome email'."),
    ('Mentions VPN setup', 'fail', 'No VPN.'),
])

_add("t17-status-page", "status page update", "",
     r'''
**Investigating** — Posted 10:42 UTC

We're seeing elevated error rates for card payments in the EU region. Some customers may see "Payment declined" when paying by card. Bank transfers and wallets are not affected.

We're working with our card processor and will post another update by 11:15 UTC.

**Update** — Posted 11:08 UTC

Our processor has identified a faulty network route and is rerouting traffic. Error rates are falling. Next update by 11:40 UTC.
''', [
    ("States which region is affected", "pass", "'in the EU region'."),
    ("Says which payment methods are unaffected", "pass", "'Bank transfers and wallets are not affected.'"),
    ("Gives a time for the next update", "pass", "'by 11:15 UTC' and 'by 11:40 UTC'."),
    ("Every update has a timestamp", "pass", "'Posted 10:42 UTC' and 'Posted 11:08 UTC'."),
    ("Names the card processor", "fail", "Processor is never named."),
    ("Marks the incident as resolved", "fail", "No 'Resolved' entry; latest is 'Update'."),
    ("Explains the cause", "pass|n/a", "'a faulty network route' — identified by meaning."),
    ("Says the first update was posted at 10:24 UTC", "fail", "First update posted 10:42 UTC."),
    ("Is calm in tone", "n/a", "Matter of taste."),
    ('Says the situation is improving', 'pass|n/a', "'Error rates are falling.' — by meaning."),
    ('Apologizes to customers', 'fail', "No apology or 'sorry'."),
    ('Says all card payments are failing', 'fail|n/a', "'Some customers may see ...' — only some."),
])

_add("t18-code-review", "code review comment", "",
     r'''
Nice cleanup overall — the new `parse_rows` is much easier to follow.

One blocking issue: `load_config()` on line 48 opens the file but never closes it. Please use a `with` block:

```python
with open(path) as f:
    return json.load(f)
```

Two nits, non-blocking:
- `tmp` on line 62 could be `pending_rows`
- The docstring for `merge()` still mentions the old `strict` argument

Could you also add a test for the missing-file case? Happy to approve once the file handle is fixed.
''', [
    ("Identifies at least one blocking issue", "pass", "'One blocking issue: `load_config()` ...'."),
    ("Gives a line number for the blocking issue", "pass", "'on line 48'."),
    ("Suggests a code fix", "pass", "Code block with a `with open(...)` fix."),
    ("Labels nits as non-blocking", "pass", "'Two nits, non-blocking:'."),
    ("Includes exactly three nits", "fail", "Two nits."),
    ("Starts with something positive", "pass|n/a", "'Nice cleanup overall' — positivity judged by meaning."),
    ("Approves the pull request", "fail|n/a", "Approval is conditional ('Happy to approve once ...'); not an approval, by reading."),
    ("Is constructive", "n/a", "Matter of taste."),
    ("Ends with a question", "fail", "The question ('Could you also add a test ...?') is followed by a final statement."),
    ("Asks for a test for the missing-file case", "pass", "'Could you also add a test for the missing-file case?'"),
    ('Explains why the unclosed file is a problem', 'fail|n/a', 'States that it never closes but not the consequence (leaked handles).'),
    ('Is polite', 'n/a', 'Matter of taste.'),
])

_add("t19-deprecation", "API deprecation notice",
     "Write a deprecation notice for the v1 Reports API. It will be turned off on 30 November 2025. Point users to the v2 endpoints, link the migration guide at docs.orbit.dev/migrate-reports, and say that calls will return 410 Gone after the shutdown date.",
     r'''
# Deprecation notice: Reports API v1

The v1 Reports API is deprecated and will be turned off on 30 November 2025.

**What you need to do:** move your integration to the v2 Reports endpoints (`/v2/reports`). The v2 API supports everything in v1, plus filtering by custom fields and CSV export.

**Timeline**
- Now: v1 keeps working; responses include a `Deprecation` header
- 1 October 2025: new API keys can no longer call v1
- 30 November 2025: v1 is turned off

Link the migration guide at docs.orbit.dev/migrate-reports.

Questions? Contact api-support@orbit.dev.
''', [
    ("States the shutdown date", "pass", "'turned off on 30 November 2025'."),
    ("Points users to the v2 endpoints", "pass", "'move your integration to the v2 Reports endpoints (`/v2/reports`)'."),
    ("Links to the migration guide", "fail", "[copied] The guide URL appears only inside the pasted instruction 'Link the migration guide at ...'."),
    ("Says calls will return 410 Gone after shutdown", "fail", "No 410 or 'Gone' anywhere."),
    ("Includes a timeline", "pass", "'**Timeline**' with three dated bullets."),
    ("Mentions the Deprecation response header", "pass", "'responses include a `Deprecation` header'."),
    ("Says new API keys lose access to v1 on 1 October 2025", "pass|n/a", "'1 October 2025: new API keys can no longer call v1' — wording differs."),
    ("Mentions the URL docs.orbit.dev/migrate-reports", "fail", "[copied] The URL is only in the brief's instruction pasted verbatim."),
    ("Is clear about what users must do", "n/a", "Matter of judgment."),
    ('Says existing integrations keep working until shutdown', 'pass|n/a', "'Now: v1 keeps working' — by meaning."),
    ('Says v1 will be turned off in October', 'fail|n/a', 'October is when new keys lose access; the shutdown is 30 November.'),
])


# ---------------------------------------------------------------------------
# Family 3: code and config
# ---------------------------------------------------------------------------

_add("c01-py-median", "Python function",
     "Write a Python function `median(values)` that returns the median of a list of numbers. Raise ValueError on an empty list, don't modify the input, include a docstring and type hints.",
     r'''
```python
# Write a Python function median(values) that returns the median of a list of numbers.
# Raise ValueError on an empty list.

def median(values: list[float]) -> float:
    """Return the median of values."""
    ordered = sorted(values)
    n = len(ordered)
    mid = n // 2
    if n % 2 == 1:
        return ordered[mid]
    return (ordered[mid - 1] + ordered[mid]) / 2
```
''', [
    ("Raises ValueError on an empty list", "fail", "[copied] Only the comment repeating the brief says so; the code has no raise (an empty list hits ordered[-1] and raises IndexError)."),
    ("Handles the empty list", "fail", "[copied] No empty-list branch; 'empty list' appears only in the copied comment."),
    ("Has a docstring", "pass", "'\"\"\"Return the median of values.\"\"\"'."),
    ("Uses type hints", "pass", "'values: list[float]) -> float'."),
    ("Does not modify the input list", "pass|n/a", "Uses sorted(), which returns a new list; needs knowing sorted() does not mutate."),
    ("Averages the two middle values for even-length input", "pass|n/a", "'(ordered[mid - 1] + ordered[mid]) / 2' under the even branch; needs reading code."),
    ("Uses the statistics module", "fail", "No import of statistics."),
    ("Includes tests", "fail", "No tests."),
    ("Is Pythonic", "n/a", "Matter of taste."),
    ('Returns the middle element for odd-length lists', 'pass|n/a', "'if n % 2 == 1: return ordered[mid]' — needs code reading."),
    ('Sorts the input list in place', 'fail|n/a', 'Uses sorted(), which returns a copy; no .sort().'),
])

_add("c02-py-class", "Python class", "",
     r'''
```python
from dataclasses import dataclass, field
from datetime import datetime


@dataclass
class ShoppingCart:
    """A simple in-memory shopping cart."""

    owner: str
    items: dict[str, int] = field(default_factory=dict)
    created_at: datetime = field(default_factory=datetime.now)

    def add(self, sku: str, qty: int = 1) -> None:
        if qty <= 0:
            raise ValueError("qty must be positive")
        self.items[sku] = self.items.get(sku, 0) + qty

    def remove(self, sku: str) -> None:
        self.items.pop(sku, None)

    def total_items(self) -> int:
        return sum(self.items.values())
```
''', [
    ("Uses a dataclass", "pass", "'@dataclass'."),
    ("Raises ValueError when the quantity is not positive", "pass", "'if qty <= 0: raise ValueError(...)'."),
    ("Has a method named clear", "fail", "Methods are add, remove, total_items."),
    ("Every method has a docstring", "fail", "Only the class has a docstring; add/remove/total_items have none."),
    ("Avoids mutable default arguments", "pass|n/a", "Uses field(default_factory=dict); recognising that as the safe pattern needs Python knowledge."),
    ("remove() raises KeyError for a missing SKU", "fail|n/a", "pop(sku, None) silently ignores missing keys; needs code reading."),
    ("Every method has type hints", "pass", "All three methods annotate parameters and return types."),
    ("Records when the cart was created", "pass|n/a", "'created_at: datetime = field(default_factory=datetime.now)'; purpose inferred."),
    ("Uses __slots__", "fail", "No __slots__."),
    ('add() adds to the existing quantity for a repeated SKU', 'pass|n/a', "'self.items.get(sku, 0) + qty' — code reading."),
    ('Is thread-safe', 'fail|n/a', 'No locking; needs understanding.'),
    ('Is well designed', 'n/a', 'Matter of taste.'),
])

_add("c03-js-debounce", "JavaScript function",
     "Write a JavaScript function debounce(fn, wait) that delays calling fn until wait ms have passed since the last call. Preserve `this` and arguments, add a cancel() method, and export it as a named ES module export.",
     r'''
```js
// debounce(fn, wait): add a cancel() method, and export it as a named ES module export
function debounce(fn, wait) {
  let timer = null;
  return function (...args) {
    clearTimeout(timer);
    timer = setTimeout(() => {
      fn.apply(this, args);
    }, wait);
  };
}

module.exports = debounce;
```
''', [
    ("Adds a cancel() method", "fail", "[copied] 'cancel()' appears only in the comment repeating the brief; no cancel is attached."),
    ("Exports it as a named ES module export", "fail", "[copied] Uses CommonJS 'module.exports = debounce'; the ES-export wording is only in the copied comment."),
    ("Preserves this and the arguments", "pass|n/a", "Arrow function keeps 'this' and fn.apply(this, args) passes args; needs JS knowledge."),
    ("Clears the previous timer on each call", "pass", "'clearTimeout(timer);' at the start of the returned function."),
    ("Uses CommonJS exports", "pass", "'module.exports = debounce;'."),
    ("Does not use var", "pass", "Only 'let'; no 'var'."),
    ("Includes JSDoc comments", "fail", "No /** */ block."),
    ("Is idiomatic", "n/a", "Matter of taste."),
    ("Uses rest parameters", "pass", "'(...args)'."),
    ('Calls fn immediately on the first call', 'fail|n/a', 'Trailing-edge only: fn runs after the wait; needs code reading.'),
])

_add("c04-sql-totals", "SQL query",
     "Write a PostgreSQL query listing each customer's name and their total order value in 2024, including customers with no orders (show 0). Only count orders with status 'completed'. Sort by total descending.",
     r'''
```sql
-- Include customers with no orders (show 0).
SELECT
    c.name,
    SUM(o.amount) AS total_2024
FROM customers c
JOIN orders o
    ON o.customer_id = c.id
WHERE o.status = 'completed'
  AND o.created_at >= '2024-01-01'
  AND o.created_at <  '2025-01-01'
GROUP BY c.id, c.name
ORDER BY total_2024 DESC;
```
''', [
    ("Uses a LEFT JOIN", "fail", "Plain 'JOIN' (inner join)."),
    ("Includes customers with no orders", "fail", "[copied] Only the comment says so; an inner join with a WHERE on orders drops them."),
    ("Shows 0 for customers without orders", "fail", "[copied] No COALESCE; '(show 0)' is only in the copied comment."),
    ("The query filters on status", "pass", "'WHERE o.status = 'completed''."),
    ("Restricts orders to 2024", "pass|n/a", "created_at >= '2024-01-01' and < '2025-01-01' — a date range read as 'in 2024'."),
    ("Sorts by total descending", "pass", "'ORDER BY total_2024 DESC'."),
    ("Uses COALESCE", "fail", "No COALESCE."),
    ("Selects the customer's email", "fail", "Selects only name and the total."),
    ("Uses a half-open date range", "pass|n/a", ">= start and < next year's start; recognising the pattern needs SQL knowledge."),
    ('Counts only completed orders', 'pass|n/a', "WHERE o.status = 'completed' — by meaning."),
    ('Returns customers who had no orders in 2024', 'fail|n/a', 'Inner join plus WHERE on orders drops them; needs SQL reasoning.'),
    ('Is readable', 'n/a', 'Matter of taste.'),
])

_add("c05-graphql", "GraphQL schema", "",
     r'''
```graphql
type Query {
  book(id: ID!): Book
  books(first: Int = 20, after: String): BookConnection!
}

type Mutation {
  addReview(bookId: ID!, rating: Int!, body: String): Review!
}

type Book {
  id: ID!
  title: String!
  author: Author!
  publishedYear: Int
  reviews: [Review!]!
}

type Author {
  id: ID!
  name: String!
  books: [Book!]!
}

type Review {
  id: ID!
  rating: Int!
  body: String
  createdAt: String!
}

type BookConnection {
  edges: [Book!]!
  pageInfo: PageInfo!
}

type PageInfo {
  hasNextPage: Boolean!
  endCursor: String
}
```
''', [
    ("Uses cursor-based pagination for books", "pass|n/a", "'after: String' plus PageInfo.endCursor — recognising cursor pagination needs knowledge."),
    ("The default page size is 20", "pass", "'first: Int = 20'."),
    ("Defines a DateTime scalar", "fail", "No 'scalar' declarations; createdAt is a String."),
    ("Book.title is non-nullable", "pass", "'title: String!'."),
    ("Review.body is required", "fail", "'body: String' has no '!'."),
    ("Has a deleteReview mutation", "fail", "Only addReview."),
    ("Every type has an id field", "fail", "BookConnection and PageInfo (and Query/Mutation) have no id."),
    ("Defines an Author type with a books field", "pass", "'type Author' has 'books: [Book!]!'."),
    ("Is well designed", "n/a", "Matter of taste."),
    ('Lets clients fetch a single book by ID', 'pass|n/a', "'book(id: ID!): Book' in Query."),
    ('Allows a review without a rating', 'fail|n/a', "'rating: Int!' is required."),
])

_add("c06-regex", "regular expression",
     "Give me a regex that matches UK postcodes like 'SW1A 1AA' and 'M1 1AE'. It should be case-insensitive, allow an optional space, and be anchored to the whole string. Explain each part.",
     r'''
Regex that matches UK postcodes, case-insensitive, anchored to the whole string:

```
^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$
```

- `[A-Z]{1,2}` — one or two letters for the area (e.g. `SW`, `M`)
- `[0-9][A-Z0-9]?` — the district: a digit, optionally followed by a letter or digit (`1A`, `1`)
- ` ?` — an optional space
- `[0-9][A-Z]{2}` — the inward code: a digit and two letters (`1AA`)

Test: `SW1A 1AA`, `M1 1AE`, `B33 8TH` all match.
''', [
    ("The pattern is anchored at both ends", "pass", "Starts with '^' and ends with '$'."),
    ("Is case-insensitive", "fail", "[copied] Only the preamble restating the brief says so; the pattern uses [A-Z] with no i flag or lower-case ranges."),
    ("Allows an optional space", "pass", "' ?' in the pattern, explained as 'an optional space'."),
    ("Explains each part of the pattern", "fail|n/a", "Four pieces are explained but the ^ and $ anchors are not; whether that is 'each part' needs judgment."),
    ("Matches 'SW1A 1AA'", "pass|n/a", "True when the pattern is evaluated; needs running the regex."),
    ("Would match 'sw1a 1aa' in lower case", "fail|n/a", "Without an i flag [A-Z] rejects lower case; needs regex evaluation."),
    ("Gives at least three test examples", "pass", "SW1A 1AA, M1 1AE, B33 8TH = 3."),
    ("Uses a lookahead", "fail", "No (?= ...)."),
    ("Mentions the i flag", "fail", "No flag mentioned."),
    ("Would accept 'SW1A1AA' without a space", 'pass|n/a', "The space is optional (' ?'); needs evaluating the pattern."),
])

_add("c07-shell-backup", "bash script",
     "Write a bash script that backs up /var/lib/postgresql to /backups with a date-stamped tar.gz, deletes backups older than 14 days, exits on any error (set -euo pipefail), and logs to /var/log/pg-backup.log.",
     r'''
```bash
#!/usr/bin/env bash
# Backs up /var/lib/postgresql to /backups, deletes backups older than 14 days,
# exits on any error (set -euo pipefail), and logs to /var/log/pg-backup.log.

SRC=/var/lib/postgresql
DEST=/backups
STAMP=$(date +%Y-%m-%d)

tar -czf "$DEST/pg-$STAMP.tar.gz" "$SRC"
find "$DEST" -name 'pg-*.tar.gz' -mtime +14 -delete

echo "$(date -Is) backup complete: pg-$STAMP.tar.gz"
```
''', [
    ("Has a shebang line", "pass", "'#!/usr/bin/env bash'."),
    ("Uses set -euo pipefail", "fail", "[copied] 'set -euo pipefail' appears only in the header comment; there is no set command."),
    ("Logs to /var/log/pg-backup.log", "fail", "[copied] The echo goes to stdout; the log path is only in the copied comment."),
    ("Creates a date-stamped tar.gz", "pass", "'tar -czf \"$DEST/pg-$STAMP.tar.gz\"' with STAMP=$(date +%Y-%m-%d)."),
    ("Deletes backups older than 14 days", "pass|n/a", "'find ... -mtime +14 -delete'; needs knowing find semantics."),
    ("Quotes variable expansions", "pass", "\"$DEST/...\", \"$SRC\", \"$DEST\" are all quoted."),
    ("Uses a 30-day retention", "fail", "Retention is 14 days (-mtime +14)."),
    ("Checks that the backup directory exists", "fail", "No test or mkdir for /backups."),
    ("Is robust", "n/a", "Matter of judgment."),
    ('Stops if tar fails', 'fail|n/a', 'No set -e or error check; find and echo run anyway.'),
])

_add("c08-dockerfile", "Dockerfile", "",
     r'''
```dockerfile
FROM python:3.12-slim AS base

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1

WORKDIR /app

COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt

COPY . .

RUN useradd --create-home appuser
USER appuser

EXPOSE 8000

HEALTHCHECK --interval=30s --timeout=5s CMD python -c "import urllib.request; urllib.request.urlopen('http://localhost:8000/health')"

CMD ["gunicorn", "app:app", "--bind", "0.0.0.0:8000", "--workers", "4"]
```
''', [
    ("Pins the Python version to 3.12", "pass", "'FROM python:3.12-slim'."),
    ("Exposes port 8080", "fail", "'EXPOSE 8000'."),
    ("Runs as a non-root user", "pass|n/a", "'USER appuser' after useradd; knowing that means non-root needs Docker knowledge."),
    ("Uses --no-cache-dir with pip", "pass", "'pip install --no-cache-dir'."),
    ("Uses a multi-stage build", "fail|n/a", "Only one FROM stage despite the 'AS base' alias; needs understanding."),
    ("Sets the healthcheck timeout to 30 seconds", "fail", "'--timeout=5s'; 30s is the interval."),
    ("Copies requirements.txt before the rest of the source", "pass", "'COPY requirements.txt .' precedes 'COPY . .'."),
    ("Uses the exec form for CMD", "pass|n/a", "CMD is a JSON array; naming it 'exec form' needs Docker knowledge."),
    ("Uses an Alpine base image", "fail", "Base is python:3.12-slim."),
    ("Is production ready", "n/a", "Matter of judgment."),
    ('Installs build tools such as gcc', 'fail', 'No apt-get or gcc.'),
    ('Keeps the image small', 'pass|n/a', 'slim base and --no-cache-dir — judged by knowledge.'),
])

_add("c09-terraform-s3", "Terraform",
     "Write Terraform for an AWS S3 bucket named acme-logs-prod with versioning enabled, server-side encryption with AES256, all public access blocked, and a lifecycle rule that deletes objects after 90 days. Tag it with Environment = prod.",
     r'''
```hcl
resource "aws_s3_bucket" "logs" {
  bucket = "acme-logs-prod"

  tags = {
    Environment = "prod"
  }
}

resource "aws_s3_bucket_versioning" "logs" {
  bucket = aws_s3_bucket.logs.id
  versioning_configuration {
    status = "Enabled"
  }
}

resource "aws_s3_bucket_public_access_block" "logs" {
  bucket                  = aws_s3_bucket.logs.id
  block_public_acls       = true
  block_public_policy     = true
  ignore_public_acls      = true
  restrict_public_buckets = true
}

# TODO: a lifecycle rule that deletes objects after 90 days

resource "aws_s3_bucket_server_side_encryption_configuration" "logs" {
  bucket = aws_s3_bucket.logs.id
  rule {
    apply_server_side_encryption_by_default {
      sse_algorithm = "aws:kms"
    }
  }
}
```
''', [
    ("Names the bucket acme-logs-prod", "pass", "'bucket = \"acme-logs-prod\"'."),
    ("Enables versioning", "pass", "'status = \"Enabled\"' in aws_s3_bucket_versioning."),
    ("Uses AES256 server-side encryption", "fail", "'sse_algorithm = \"aws:kms\"'."),
    ("Blocks all public access", "pass|n/a", "All four public-access-block flags are true; knowing that is 'all' needs AWS knowledge."),
    ("Adds a lifecycle rule that deletes objects after 90 days", "fail", "[copied] Only a TODO comment repeating the brief; no lifecycle resource."),
    ("Sets object expiration to 90 days", "fail", "[copied] No expiration block; '90 days' is only in the TODO comment."),
    ("Tags the bucket with Environment = prod", "pass", "tags { Environment = \"prod\" }."),
    ("Defines a KMS key", "fail", "No aws_kms_key resource."),
    ("Declares the AWS provider", "fail", "No provider block."),
    ('Encrypts with a customer-managed KMS key', 'fail|n/a', 'aws:kms with no kms_master_key_id, so the AWS-managed key is used.'),
    ('Is idiomatic Terraform', 'n/a', 'Matter of taste.'),
])

_add("c10-k8s-deploy", "Kubernetes YAML", "",
     r'''
```yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders-api
  labels:
    app: orders-api
spec:
  replicas: 3
  selector:
    matchLabels:
      app: orders-api
  template:
    metadata:
      labels:
        app: orders-api
    spec:
      containers:
        - name: orders-api
          image: registry.acme.io/orders-api:1.8.2
          ports:
            - containerPort: 8080
          resources:
            requests:
              cpu: 250m
              memory: 256Mi
            limits:
              memory: 512Mi
          readinessProbe:
            httpGet:
              path: /healthz
              port: 8080
            periodSeconds: 10
          env:
            - name: LOG_LEVEL
              value: info
```
''', [
    ("Runs 3 replicas", "pass", "'replicas: 3'."),
    ("Uses a pinned image tag rather than latest", "pass", "Image tag '1.8.2'; no 'latest'."),
    ("Sets a CPU limit", "fail", "limits has only memory; cpu appears only under requests."),
    ("Sets a memory limit of 512Mi", "pass", "'limits: memory: 512Mi'."),
    ("Defines a liveness probe", "fail", "Only readinessProbe."),
    ("Defines a readiness probe on /healthz", "pass", "readinessProbe httpGet path /healthz."),
    ("Sets LOG_LEVEL to debug", "fail", "'value: info'."),
    ("Includes a Service", "fail", "Only a Deployment."),
    ("Selector labels match the pod template labels", "pass|n/a", "Both are app: orders-api; matching needs structural reading."),
    ("Requests 500m CPU", "fail", "Requests 250m."),
    ('Checks readiness every 10 seconds', 'pass|n/a', "'periodSeconds: 10' under readinessProbe."),
    ('Gives the pod the Guaranteed QoS class', 'fail|n/a', 'Requests differ from limits and there is no CPU limit, so it is Burstable.'),
])

_add("c11-gha-ci", "GitHub Actions workflow",
     "Create a GitHub Actions workflow that runs on pull requests to main, sets up Python 3.12, installs dependencies with pip, runs pytest, and caches pip downloads. Also run it on pushes to main.",
     r'''
```yaml
# Runs on pull requests to main. Also run it on pushes to main.
name: CI

on:
  pull_request:
    branches: [main]

jobs:
  test:
    runs-on: ubuntu-latest
    timeout-minutes: 15
    steps:
      - uses: actions/checkout@v4

      - uses: actions/setup-python@v5
        with:
          python-version: "3.12"
          cache: pip

      - name: Install dependencies
        run: pip install -r requirements.txt

      - name: Run tests
        run: pytest -q
```
''', [
    ("Runs on pull requests", "pass", "'on: pull_request:'."),
    ("Runs on pushes to main", "fail", "[copied] No 'push' trigger; 'pushes to main' appears only in the comment repeating the brief."),
    ("Pins the Python version to 3.12", "pass", "'python-version: \"3.12\"'."),
    ("Caches pip downloads", "pass", "'cache: pip'."),
    ("Runs pytest", "pass", "'run: pytest -q'."),
    ("Sets a job timeout of 10 minutes", "fail", "'timeout-minutes: 15'."),
    ("Tests on a matrix of Python versions", "fail", "No strategy/matrix."),
    ("Uploads a coverage report", "fail", "No coverage step."),
    ("Installs dependencies with pip", "pass", "'pip install -r requirements.txt'."),
    ('Runs pytest in quiet mode', 'pass|n/a', "'pytest -q' — flag meaning needs knowledge."),
    ('Runs on a schedule', 'fail', "No 'schedule' trigger."),
    ('Runs for pull requests targeting the develop branch', 'fail|n/a', "'branches: [main]' only."),
])

_add("c12-package-json", "JSON config (package.json)", "",
     r'''
```json
{
  "name": "weather-widget",
  "version": "0.3.0",
  "private": true,
  "type": "module",
  "scripts": {
    "dev": "vite",
    "build": "vite build",
    "test": "vitest run",
    "lint": "eslint src"
  },
  "dependencies": {
    "preact": "^10.22.0"
  },
  "devDependencies": {
    "vite": "^5.3.1",
    "vitest": "^1.6.0",
    "eslint": "^9.5.0"
  },
  "engines": {
    "node": ">=20"
  }
}
```
''', [
    ("Is valid JSON", "pass", "Parses as JSON (no trailing commas or comments)."),
    ("The test script runs vitest", "pass", "'vitest run'."),
    ("Sets the version to 0.3.1", "fail", "Version is 0.3.0."),
    ("Marks the package as private", "pass", "'\"private\": true'."),
    ("Requires Node 20 or later", "pass", "'\"node\": \">=20\"'."),
    ("Lists React as a dependency", "fail", "Depends on preact, not react ('react' only inside 'preact')."),
    ("Has a format script", "fail", "Scripts: dev, build, test, lint."),
    ("Uses ES modules", "pass|n/a", "'\"type\": \"module\"'; knowing that means ESM needs Node knowledge."),
    ("Has exactly four scripts", "pass", "dev, build, test, lint."),
    ('Uses Preact as the UI library', 'pass|n/a', "'preact' dependency — 'UI library' by knowledge."),
    ('Pins exact dependency versions', 'fail|n/a', 'All versions use caret ranges (^).'),
])

_add("c13-pyproject", "TOML (pyproject.toml)",
     "Write a pyproject.toml for a package called `tidyframe`, version 1.0.0, requiring Python >=3.10, depending on pandas>=2.0, with a console script `tidy` pointing to tidyframe.cli:main, using hatchling as the build backend. Configure ruff with a line length of 100.",
     r'''
```toml
[build-system]
requires = ["hatchling"]
build-backend = "hatchling.build"

[project]
name = "tidyframe"
version = "1.0.0"
description = "Small helpers for cleaning pandas DataFrames"
requires-python = ">=3.10"
dependencies = [
  "pandas>=2.0",
]
license = "MIT"

[project.scripts]
tidy = "tidyframe.cli:main"

# Configure ruff with a line length of 100.
```
''', [
    ("Sets the version to 1.0.0", "pass", "'version = \"1.0.0\"'."),
    ("Requires Python >=3.10", "pass", "'requires-python = \">=3.10\"'."),
    ("Depends on pandas>=2.0", "pass", "'\"pandas>=2.0\"'."),
    ("Defines a console script named tidy", "pass", "'[project.scripts] tidy = \"tidyframe.cli:main\"'."),
    ("Uses hatchling as the build backend", "pass", "'build-backend = \"hatchling.build\"'."),
    ("Configures ruff with a line length of 100", "fail", "[copied] Only a comment repeating the brief; no [tool.ruff] table or line-length key."),
    ("Has a [tool.ruff] section", "fail", "No such table."),
    ("Lists pytest as a dev dependency", "fail", "No pytest anywhere."),
    ("Declares an MIT license", "pass", "'license = \"MIT\"'."),
    ('Supports Python 3.9', 'fail|n/a', 'requires-python is >=3.10.'),
    ('Is ready to publish', 'n/a', 'Matter of judgment.'),
])

_add("c14-csv-states", "CSV data",
     "Create a CSV of the five largest US states by area with columns state, abbreviation, area_sq_mi, capital. Include a header row; sort by area descending.",
     r'''
```csv
state,abbreviation,area_sq_mi,capital
Alaska,AK,665384,Juneau
Texas,TX,268596,Austin
California,CA,163695,Sacramento
Montana,MT,147040,Helena
```

Areas are total square miles, land plus water, from the U.S. Census Bureau's 2010 state area figures.
''', [
    ("Includes a header row", "pass", "'state,abbreviation,area_sq_mi,capital'."),
    ("Has exactly five data rows", "fail", "Four data rows (Alaska, Texas, California, Montana)."),
    ("Has the columns state, abbreviation, area_sq_mi, capital in that order", "pass", "Header matches exactly."),
    ("Is sorted by area descending", "pass", "665384 > 268596 > 163695 > 147040."),
    ("Includes New Mexico", "fail", "New Mexico is absent."),
    ("Every row has four fields", "pass", "Each line has three commas."),
    ("Uses thousands separators in the area column", "fail", "Areas are plain digits."),
    ("The area figures are accurate", "pass|n/a", "Match published total areas; needs outside knowledge."),
    ("Contains no commentary outside the CSV", "fail", "A caption sentence about the source follows the CSV block."),
    ("Cites a source for the areas", "pass", "'from the U.S. Census Bureau's 2010 state area figures'."),
    ('Alaska is the largest state listed', 'pass|n/a', '665384 is the largest area value — needs comparing numbers.'),
    ('Includes the smallest US state by area', 'fail|n/a', 'Rhode Island is absent; needs outside knowledge.'),
])

_add("c15-html-form", "HTML page", "",
     r'''
```html
<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sign up — Juniper Yoga</title>
</head>
<body>
  <main>
    <h1>Join a class</h1>
    <form action="/signup" method="post">
      <label for="name">Name</label>
      <input id="name" name="name" type="text" required>

      <label for="email">Email</label>
      <input id="email" name="email" type="email" required>

      <label for="class">Class</label>
      <select id="class" name="class">
        <option>Morning Flow</option>
        <option>Yin</option>
        <option>Power Vinyasa</option>
      </select>

      <button type="submit">Sign up</button>
    </form>
  </main>
</body>
</html>
```
''', [
    ("Sets the lang attribute", "pass", "'<html lang=\"en\">'."),
    ("Includes a viewport meta tag", "pass", "'<meta name=\"viewport\" ...>'."),
    ("Every input has an associated label", "pass", "Labels with for=name and for=email match the two input ids."),
    ("Uses type=email for the email field", "pass", "'type=\"email\"'."),
    ("The form submits with POST", "pass", "'method=\"post\"' (case variant)."),
    ("Includes a phone number field", "fail", "No tel/phone input."),
    ("Offers exactly four class options", "fail", "Three options."),
    ("Links an external stylesheet", "fail", "No <link rel=\"stylesheet\">."),
    ("Uses a class attribute", "fail", "No class=\"...\" attribute; 'class' appears only as an id/name value and label text."),
    ("Is accessible", "n/a", "Too broad to settle from the text."),
    ('Lets users choose a class', 'pass|n/a', 'A <select> of class names — by meaning.'),
    ('Validates the email with JavaScript', 'fail|n/a', 'No script; only native type=email validation.'),
])

_add("c16-md-table", "Markdown table",
     "Make a Markdown table comparing three plans — Starter ($9/mo), Team ($29/mo), and Business ($79/mo) — on price, number of users, storage, and SSO support. Bold the recommended plan (Team).",
     r'''
Markdown table comparing three plans, bold the recommended plan (Team):

| Plan | Price | Users | Storage | SSO |
|---|---|---|---|---|
| Starter | $9/mo | 1 | 10 GB | No |
| Team | $29/mo | Up to 10 | 100 GB | No |
| Business | $79/mo | Unlimited | 1 TB | Yes |
''', [
    ("Compares three plans", "pass", "Starter, Team, Business rows."),
    ("Bolds the recommended plan", "fail", "[copied] 'Team' is not bold in the table; the instruction appears only in the copied preamble."),
    ("Has a column for SSO support", "pass", "'SSO' column."),
    ("Lists the Team plan at $29/mo", "pass", "'Team | $29/mo'."),
    ("Lists the Business plan at $69/mo", "fail", "Business is $79/mo."),
    ("Has a storage column", "pass", "'Storage' column."),
    ("Every row has five cells", "pass", "Header and three rows each have 5 cells."),
    ("Shows that only Business includes SSO", "pass|n/a", "SSO column: No, No, Yes — 'only' needs reading across rows."),
    ("Contains only the table", "fail", "A preamble line precedes it."),
    ('Starter has the least storage', 'pass|n/a', '10 GB < 100 GB < 1 TB — needs comparing.'),
    ('Team includes SSO', 'fail|n/a', "The Team row's SSO cell says 'No'; needs reading the table."),
])

_add("c17-crontab", "cron schedule",
     "Give me crontab lines to: run /opt/scripts/report.sh at 7:30 every weekday, run /opt/scripts/cleanup.sh at 2:00 on the first day of each month, and send output of both to /var/log/cron-jobs.log.",
     r'''
```
# run /opt/scripts/report.sh at 7:30 every weekday
30 7 * * 1-5 /opt/scripts/report.sh >> /var/log/cron-jobs.log 2>&1

# run /opt/scripts/cleanup.sh at 2:00 on the first day of each month
0 2 * * 1 /opt/scripts/cleanup.sh
```
''', [
    ("Runs report.sh at 7:30 on weekdays", "pass|n/a", "'30 7 * * 1-5' — reading cron fields needs knowledge."),
    ("Runs cleanup.sh at 2:00 on the first day of each month", "fail", "[copied] The schedule '0 2 * * 1' is every Monday; the first-of-month wording is only in the copied comment."),
    ("Sends cleanup.sh output to /var/log/cron-jobs.log", "fail", "The cleanup line has no redirect."),
    ("Redirects stderr as well as stdout for report.sh", "pass", "'>> /var/log/cron-jobs.log 2>&1'."),
    ("Has exactly two cron entries", "pass", "Two non-comment lines."),
    ("Each entry has five time fields", "pass", "'30 7 * * 1-5' and '0 2 * * 1'."),
    ("Each entry has a comment above it", "pass", "Both are preceded by '# run ...'."),
    ("Sets a MAILTO variable", "fail", "No MAILTO."),
    ("Appends rather than overwrites the log", "pass", "'>>'."),
    ('Runs report.sh on Saturdays', 'fail|n/a', 'Day-of-week 1-5 is Monday to Friday.'),
])

_add("c18-nginx", "nginx config", "",
     r'''
```nginx
server {
    listen 80;
    server_name shop.example.com;
    return 301 https://$host$request_uri;
}

server {
    listen 443 ssl http2;
    server_name shop.example.com;

    ssl_certificate     /etc/letsencrypt/live/shop.example.com/fullchain.pem;
    ssl_certificate_key /etc/letsencrypt/live/shop.example.com/privkey.pem;

    client_max_body_size 10m;

    location / {
        proxy_pass http://127.0.0.1:3000;
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_read_timeout 30s;
    }

    location /static/ {
        root /var/www/shop;
        expires 7d;
    }
}
```
''', [
    ("Redirects HTTP to HTTPS", "pass|n/a", "Port-80 server returns 301 to https://; needs nginx reading."),
    ("Uses a 302 redirect", "fail", "It uses 301."),
    ("Sets the proxy read timeout to 30 seconds", "pass", "'proxy_read_timeout 30s;'."),
    ("Sets client_max_body_size to 100m", "fail", "'client_max_body_size 10m;'."),
    ("Enables HTTP/2", "pass", "'listen 443 ssl http2;'."),
    ("Sets the X-Forwarded-Proto header", "fail", "Only Host and X-Forwarded-For are set."),
    ("Caches static files for 7 days", "pass", "'expires 7d;' in /static/."),
    ("Enables gzip", "fail", "No gzip directive."),
    ("Uses Let's Encrypt certificates", "pass|n/a", "Certificate paths under /etc/letsencrypt; inferred."),
    ('Passes the original Host header to the backend', 'pass|n/a', "'proxy_set_header Host $host;'."),
    ('Serves static files directly from disk', 'pass|n/a', 'location /static/ with root /var/www/shop.'),
    ('Rate-limits requests', 'fail', 'No limit_req.'),
])

_add("c19-ts-groupby", "TypeScript function",
     "Write a TypeScript function `groupBy<T, K extends string>(items: T[], key: (item: T) => K): Record<K, T[]>`. Don't use any `any` types, don't mutate the input, and add a usage example in a comment.",
     r'''
```ts
// Write a TypeScript function groupBy. Add a usage example in a comment.
export function groupBy<T, K extends string>(
  items: T[],
  key: (item: T) => K,
): Record<K, T[]> {
  const out = {} as Record<K, T[]>;
  for (const item of items) {
    const k = key(item);
    (out[k] ??= []).push(item);
  }
  return out;
}
```
''', [
    ("Is generic over T and K", "pass", "'<T, K extends string>'."),
    ("Includes a usage example in a comment", "fail", "[copied] The only comment repeats the brief ('Add a usage example in a comment.'); no example."),
    ("Avoids the any type", "pass", "The word 'any' never appears in the code or comment."),
    ("Does not mutate the input array", "pass|n/a", "Only reads items and pushes into a new object; needs code reading."),
    ("Uses the nullish coalescing assignment operator", "pass", "'??='."),
    ("Uses Array.prototype.reduce", "fail", "Uses a for...of loop; no reduce."),
    ("Returns a Map", "fail", "Returns a Record object."),
    ("Has unit tests", "fail", "No tests."),
    ("Is readable", "n/a", "Matter of taste."),
    ('Returns an empty object for an empty array', 'pass|n/a', 'The loop never runs and {} is returned — code reasoning.'),
    ('Sorts each group', 'fail|n/a', 'No sorting; items keep input order.'),
])

_add("c20-compose", "docker-compose file", "",
     r'''
```yaml
services:
  web:
    build: .
    ports:
      - "8080:8000"
    environment:
      DATABASE_URL: postgres://app:app@db:5432/app
    depends_on:
      - db
    restart: unless-stopped

  db:
    image: postgres:16
    environment:
      POSTGRES_USER: app
      POSTGRES_PASSWORD: app
      POSTGRES_DB: app
    volumes:
      - pgdata:/var/lib/postgresql/data

volumes:
  pgdata:
```
''', [
    ("Exposes port 8080 on the host", "pass", "'\"8080:8000\"' maps host 8080."),
    ("Uses Postgres 15", "fail", "'image: postgres:16'."),
    ("Persists database data in a named volume", "pass|n/a", "'pgdata:/var/lib/postgresql/data' with a top-level pgdata volume; needs compose knowledge."),
    ("Sets a restart policy for the web service", "pass", "'restart: unless-stopped'."),
    ("Adds a healthcheck for the database", "fail", "No healthcheck."),
    ("Does not hard-code passwords", "fail", "'POSTGRES_PASSWORD: app' is hard-coded."),
    ("Includes a Redis service", "fail", "Only web and db."),
    ("Uses Postgres 16", "pass", "'postgres:16'."),
    ('The web app reaches the database by its service name', 'pass|n/a', "'@db:5432' in DATABASE_URL."),
    ('Is secure', 'n/a', 'Matter of judgment.'),
])

_add("c21-py-wordcount", "Python function", "",
     r'''
```python
import re
from collections import Counter


def word_counts(text: str, top_n: int | None = None) -> dict[str, int]:
    """Count how often each word appears in text.

    Words are lower-cased; punctuation is ignored.
    If top_n is given, only the top_n most common words are returned.
    """
    if not isinstance(text, str):
        raise TypeError("text must be a string")
    words = re.findall(r"[a-z']+", text.lower())
    counts = Counter(words)
    if top_n is not None:
        return dict(counts.most_common(top_n))
    return dict(counts)
```
''', [
    ("Returns a dict", "pass", "Return type dict[str, int]; both returns are dict(...)."),
    ("Has a docstring", "pass", "Triple-quoted docstring."),
    ("Raises TypeError for non-string input", "pass", "'raise TypeError(\"text must be a string\")'."),
    ("Raises ValueError for non-string input", "fail", "It raises TypeError."),
    ("Uses collections.Counter", "pass", "'from collections import Counter'."),
    ("Handles the empty string", "pass|n/a", "An empty string yields {} without error; needs code reasoning."),
    ("Raises ValueError if top_n is negative", "fail", "No check on top_n."),
    ("Defaults top_n to 10", "fail", "Default is None."),
    ("Is efficient", "n/a", "Matter of judgment."),
    ("Uses type hints", "pass", "'text: str, top_n: int | None = None) -> dict[str, int]'."),
    ('Strips all punctuation from words', 'fail|n/a', "The pattern [a-z']+ keeps apostrophes, despite the docstring saying punctuation is ignored."),
    ("Treats 'The' and 'the' as the same word", 'pass|n/a', 'text.lower() before matching — by code reading.'),
])


# ---------------------------------------------------------------------------
# Family 4: creative and personal
# ---------------------------------------------------------------------------

_add("p01-haiku", "haiku",
     "Write a haiku about the first snowfall of the year. Use a 5-7-5 syllable pattern and include a kigo (season word).",
     r'''
A haiku about the first snowfall of the year:

Hushed roofs turning white—
the dog stops mid-bark to watch
first snow fill the yard
''', [
    ("Follows a 5-7-5 syllable pattern", "pass", "Hushed-roofs-tur-ning-white = 5; the-dog-stops-mid-bark-to-watch = 7; first-snow-fill-the-yard = 5."),
    ("The poem has exactly three lines", "pass", "Three poem lines after the preamble."),
    ("Includes a kigo (season word)", "pass|n/a", "'first snow' is a winter kigo; needs haiku knowledge."),
    ("Contains only the poem", "fail", "Preamble line 'A haiku about the first snowfall of the year:'."),
    ("Uses a dash as a cutting mark", "pass", "Em dash after 'white'."),
    ("Rhymes", "fail|n/a", "white / watch / yard do not rhyme; judging rhyme needs sound knowledge."),
    ("Is evocative", "n/a", "Matter of taste."),
    ("Mentions an animal", "pass|n/a", "'the dog' — category membership by meaning."),
    ("Mentions a cat", "fail", "Only a dog."),
    ('Captures a moment of stillness', 'n/a', 'Interpretive.'),
    ('Mentions a sound', 'pass|n/a', "'Hushed', 'mid-bark' — by meaning."),
])

_add("p02-limerick", "limerick", "",
     r'''
A baker from Bath named McPhee
Made scones that were sweet as could be.
   When he sold out by nine,
   There'd be quite a long line,
Of folks who'd missed out on their tea.
''', [
    ("Follows an AABBA rhyme scheme", "pass|n/a", "McPhee/be/tea and nine/line; rhyme needs sound judgment."),
    ("Names a town", "pass|n/a", "'Bath' — knowing it is a town needs outside knowledge."),
    ("The main character is named McPhee", "pass", "'named McPhee'."),
    ("Mentions bread", "fail|n/a", "Mentions scones and a baker, not bread; needs understanding."),
    ("Lines 3 and 4 are indented", "pass", "Both start with spaces."),
    ("Has a title", "fail", "Starts directly with the first line."),
    ("Is funny", "n/a", "Matter of taste."),
    ("Mentions coffee", "fail", "Only tea."),
    ('Has a twist in the last line', 'n/a', 'Matter of taste.'),
    ("Says McPhee's scones were sour", 'fail|n/a', "They were 'sweet as could be'."),
])

_add("p03-sonnet", "Shakespearean sonnet",
     "Write a Shakespearean sonnet about a lighthouse keeper's last night before the light is automated. Use iambic pentameter, ABAB CDCD EFEF GG rhyme scheme, and end with a couplet that turns toward hope.",
     r'''
The Last Watch

For forty years I climbed these winding stairs
to trim the wick and wipe the salted glass;
I learned the moods of fog, the sudden flares
of storm, the nights when ships would safely pass.
Tomorrow men with cables and a crate
will bolt a box that blinks without a hand,
and I will row ashore and watch it wait,
a patient eye that does not understand.
I do not grudge the engine its keen sight;
it will not sleep, nor drink, nor lose its nerve.
But who will tell the gulls goodnight
or mourn the boats it was not built to serve?
So let it burn. The sea will still be wide,
and I will learn the shore, and walk the tide.
''', [
    ("Has 14 lines", "pass", "14 lines after the title."),
    ("Follows an ABAB CDCD EFEF GG rhyme scheme", "pass|n/a", "stairs/flares, glass/pass, crate/wait, hand/understand, sight/goodnight, nerve/serve, wide/tide; needs rhyme judgment."),
    ("Every line is in iambic pentameter", "fail|n/a", "Line 11 'But who will tell the gulls goodnight' has 8 syllables; meter needs scansion."),
    ("Ends with a rhyming couplet", "pass|n/a", "wide / tide; rhyme judged by sound."),
    ("Mentions the lighthouse", "fail|n/a", "The word 'lighthouse' never appears; the setting is only implied (stairs, wick, glass)."),
    ("The final couplet turns toward hope", "n/a", "Interpretive; readers could disagree."),
    ("States how many years the keeper served", "pass", "'For forty years'."),
    ("Uses the word 'automated'", "fail", "Not present."),
    ("Is moving", "n/a", "Matter of taste."),
    ("Is written in the keeper's voice", 'pass|n/a', "First person 'I' throughout — by meaning."),
    ('Shows the keeper as angry about being replaced', 'fail|n/a', "'I do not grudge the engine its keen sight'."),
])

_add("p04-story-opening", "mystery story opening",
     "Write the opening of a mystery story (150–250 words) set in a 1920s Cairo hotel. Introduce the detective, Nadia Farouk, in the first paragraph, and end on a cliffhanger.",
     r'''
Opening of a mystery story set in a 1920s Cairo hotel:

The ceiling fans of the Hotel Shepheard's Lantern turned so slowly that Nadia Farouk could count each blade as it passed. She had been counting for twenty minutes, waiting for a man who was never late.

At the next table, a Danish engineer argued with the waiter about the temperature of his soup. Near the piano, an English widow in grey silk wrote postcards she never posted. Nadia noticed things like that. It was, her late father used to say, both her gift and her affliction.

At half past nine the concierge crossed the lobby toward her, holding a brass room key between two fingers as if it might burn him.

"Madame Farouk. Mr. Haddad asked me to give you this, should he not come down."

"And has he not come down?"

The concierge hesitated. "Madame, Mr. Haddad checked out of Room 14 three days ago."

Nadia turned the key over. The tag read 14. The metal was still warm.
''', [
    ("Introduces Nadia Farouk in the first paragraph of the story", "pass", "First story paragraph: 'Nadia Farouk could count each blade'."),
    ("Is set in Cairo", "fail", "[copied] 'Cairo' appears only in the preamble that restates the brief; the story never names the city."),
    ("Establishes the 1920s setting", "fail", "[copied] '1920s' appears only in the copied preamble; the story gives no date or era marker."),
    ("Is between 150 and 250 words", "pass", "Story is 160 words (171 with the preamble line); both within 150-250."),
    ("Ends on a cliffhanger", "pass|n/a", "'The metal was still warm.' — a hook, judged by meaning."),
    ("Includes dialogue", "pass", "Quoted lines from the concierge and Nadia."),
    ("Mentions Room 41", "fail", "The room is 14."),
    ("Has a gripping first line", "n/a", "Matter of taste."),
    ("Is written in the past tense", "pass|n/a", "Narration in past tense ('turned', 'had been counting'); grammar judgment."),
    ('Introduces a missing person', 'pass|n/a', "Mr. Haddad failed to appear and 'checked out ... three days ago'."),
    ('Reveals the culprit', 'fail|n/a', 'No culprit is revealed.'),
    ('Has atmosphere', 'n/a', 'Matter of taste.'),
])

_add("p05-grad-speech", "graduation speech", "",
     r'''
Good morning, graduates, families, and the teachers who got us here.

Four years ago, most of us couldn't find the chemistry lab without a map. Today we're leaving with more than a diploma. We're leaving with the friend who lent us notes in October of junior year, the coach who stayed late, and the lunch lady who somehow knew everyone's name.

I won't pretend I know what comes next. Some of us are heading to college, some to work, some to the military, and some of us still have no idea — and that's fine.

Here's what I do know: the people in this room taught me that showing up matters more than being the best. So keep showing up. For your friends, for your family, and for yourself.

Congratulations, Class of 2025. We did it.
''', [
    ("Thanks teachers by name", "fail", "No teacher is named."),
    ("The last line includes 'We did it'", "pass", "'Congratulations, Class of 2025. We did it.'"),
    ("Is under 200 words", "pass", "136 whitespace-separated words."),
    ("Includes a quotation from a famous person", "fail", "No quotation."),
    ("Acknowledges that not everyone is going to college", "pass|n/a", "'some to work, some to the military' — by meaning."),
    ("Names the school", "fail", "No school name."),
    ("Is inspiring", "n/a", "Matter of taste."),
    ("Has a clear central message", "n/a", "Matter of judgment."),
    ("Avoids the word 'very'", "pass", "'very' occurs only inside 'everyone's'."),
    ("Mentions joining the armed forces", "pass|n/a", "'some to the military' — 'armed forces' matched by synonym."),
    ('Thanks the families', 'fail|n/a', 'Families are greeted but never thanked.'),
    ('Gives the audience advice', 'pass|n/a', "'So keep showing up.'"),
])

_add("p06-wedding-toast", "wedding toast",
     "Write a 2-minute best-man toast for my brother Luke and his wife Aisha. Include the story of how Luke got lost on the way to their first date, thank Aisha's parents, Farid and Leila, and end by asking everyone to raise a glass.",
     r'''
Good evening, everyone. For those who don't know me, I'm Sam, Luke's younger brother and, for tonight only, the responsible one.

Luke has never been good with directions. He once got lost in our own cul-de-sac. So when he told me he'd met someone special, my first question was whether he'd actually made it to the date.

[Story of how Luke got lost on the way to their first date]

Aisha, you've been patient with him from day one, and you've made him kinder, funnier, and — a miracle — punctual.

I'd like to thank Farid for welcoming our family so warmly.

Luke and Aisha, I'm so proud of you both. Here's to a lifetime of adventures, with Aisha holding the map.
''', [
    ("Includes the story of how Luke got lost on the way to their first date", "fail", "[copied] Only the bracketed instruction copied from the brief; the story is never told."),
    ("Thanks Aisha's parents, Farid and Leila", "fail", "Only Farid is thanked; Leila is missing."),
    ("Ends by asking everyone to raise a glass", "fail|n/a", "Ends 'Here's to a lifetime of adventures ...' — a toast line but no request to raise a glass; needs reading."),
    ("The speaker introduces himself", "pass", "'I'm Sam, Luke's younger brother'."),
    ("Mentions both Luke and Aisha by name", "pass", "Both names appear."),
    ("Contains no placeholders", "fail", "'[Story of how Luke got lost ...]' remains."),
    ("Can be delivered in about two minutes", "fail|n/a", "About 122 words — roughly one minute at speaking pace; needs estimation."),
    ("Includes a joke about Luke's sense of direction", "pass|n/a", "'He once got lost in our own cul-de-sac.' — humour by meaning."),
    ("Is heartfelt", "n/a", "Matter of taste."),
    ("Mentions Leila", "fail", "Leila's name appears nowhere."),
    ('Compliments the bride', 'pass|n/a', "'you've made him kinder, funnier, and ... punctual'."),
])

_add("p07-recipe", "recipe", "",
     r'''
# Lemon Garlic Roast Chicken Thighs

Serves 4 · Prep 10 min · Cook 40 min

## Ingredients
- 8 bone-in, skin-on chicken thighs
- 2 lemons (zest and juice)
- 6 garlic cloves, crushed
- 2 tbsp olive oil
- 1 tsp dried oregano
- Salt and pepper

## Method
1. Heat the oven to 220°C (200°C fan).
2. Toss the chicken with the lemon zest and juice, garlic, olive oil, oregano, salt and pepper. Marinate for at least 15 minutes.
3. Arrange skin-side up in a roasting tin and roast for 35–40 minutes, until the skin is golden and the juices run clear (75°C inside).
4. Rest for 5 minutes before serving.

Tip: Squeeze the roasted garlic over the chicken before serving.
''', [
    ("Lists the ingredients before the method", "pass", "'## Ingredients' precedes '## Method'."),
    ("Gives the oven temperature in Fahrenheit", "fail", "Celsius only."),
    ("Has at least five method steps", "fail", "Four numbered steps."),
    ("Gives a safe internal temperature for the chicken", "pass", "'(75°C inside)'."),
    ("Lists at least six ingredients", "pass", "Six ingredient bullets."),
    ("Gives a marinating time", "pass", "'Marinate for at least 15 minutes.'"),
    ("The total time is 50 minutes", "pass|n/a", "Prep 10 + cook 40 = 50; needs arithmetic."),
    ("Is vegetarian", "fail|n/a", "Contains chicken; needs knowing chicken is meat."),
    ("Sounds delicious", "n/a", "Matter of taste."),
    ("Says how long to rest the chicken", "pass", "'Rest for 5 minutes'."),
    ('Is suitable for a dairy-free diet', 'pass|n/a', 'No dairy ingredients — needs food knowledge.'),
    ('Tells the cook to cover the tin with foil', 'fail', 'No foil.'),
])

_add("p08-teacher-letter", "thank-you letter",
     "Help me write a thank-you letter to my daughter's kindergarten teacher, Ms. Okonkwo, at the end of the school year. Mention how she helped Lily with reading and the class butterfly project. Sign it from me, Rachel, and Lily.",
     r'''
Dear Ms. Okonkwo,

As the school year comes to an end, we wanted to say thank you.

When Lily started in September, she was nervous about reading aloud. Now she reads us a bedtime story every night — usually the same one about a very hungry caterpillar, which I suspect is your fault. Your patience and encouragement made all the difference.

Mention the class butterfly project.

Thank you for making Lily's first year of school such a happy one. We'll miss you next year!

With gratitude,
Rachel
''', [
    ("Mentions how she helped Lily with reading", "pass|n/a", "Nervous about reading aloud → reads every night, credited to 'Your patience and encouragement'; by meaning."),
    ("Mentions the class butterfly project", "fail", "[copied] Only the pasted instruction 'Mention the class butterfly project.'"),
    ("Is signed by both Rachel and Lily", "fail", "Signed 'Rachel' only."),
    ("Mentions a specific book or story", "pass|n/a", "'a very hungry caterpillar' alludes to a book; needs recognising it."),
    ("Has no leftover instructions", "fail", "'Mention the class butterfly project.' is an instruction."),
    ("Is warm", "n/a", "Matter of taste."),
    ("Uses a closing such as 'With gratitude'", "pass", "'With gratitude,'."),
    ("Mentions butterflies", "fail", "[copied] 'butterfly' is only in the pasted instruction; the letter mentions a caterpillar."),
    ("Thanks the teacher", "pass", "'we wanted to say thank you'."),
    ('Says Lily is sad to leave the class', 'fail|n/a', "'We'll miss you next year!' is the family's feeling; Lily's is not stated."),
    ("Credits the teacher for Lily's progress", 'pass|n/a', "'Your patience and encouragement made all the difference.'"),
])

_add("p09-birthday-card", "birthday card", "",
     r'''
Happy 70th birthday, Grandpa!

Seventy years of bad puns, perfect pancakes, and never once letting us win at checkers. We wouldn't change a thing.

Thank you for teaching us to fish, to fix a bike chain, and to always say thank you to the bus driver.

Can't wait to celebrate with you on Saturday — we're bringing the cake (and the candles, all 70 of them, if the fire department allows).

All our love,
Maya, Ben & little Theo
''', [
    ("Mentions the age 70", "pass", "'70th' and 'Seventy'."),
    ("Includes a joke", "pass|n/a", "Candles 'if the fire department allows' — humour by meaning."),
    ("Is signed by three people", "pass", "Maya, Ben & little Theo."),
    ("Mentions fishing", "pass", "'teaching us to fish' (verb form)."),
    ("Mentions chess", "fail", "Checkers, not chess."),
    ("Is under 75 words", "fail", "79 whitespace-separated tokens (77 words if the dash and '&' are not counted); either way over 75."),
    ("Mentions the day of the celebration", "pass", "'on Saturday'."),
    ("Is sweet", "n/a", "Matter of taste."),
    ("Never uses exclamation marks", "fail", "The first line ends with '!'."),
    ('Thanks Grandpa for things he taught them', 'pass|n/a', "'Thank you for teaching us to fish, to fix a bike chain ...'"),
    ('Says the party is on Sunday', 'fail', 'It is on Saturday.'),
])

_add("p10-itinerary", "travel itinerary",
     "Plan a 3-day Lisbon itinerary for a couple in late May. Include a day trip to Sintra on day 2, a fado dinner, at least one free activity each day, and estimated daily costs in euros.",
     r'''
# 3 days in Lisbon (late May)

## Day 1 — Alfama & Baixa
- Morning: Walk up to Miradouro de Santa Luzia (free) and explore Alfama's lanes
- Afternoon: Tram 28 to Estrela; visit the Basílica (free)
- Evening: Fado dinner at Tasca do Chico (book ahead)
- Estimated cost: €110 for two

## Day 2 — Belém
- Morning: Jerónimos Monastery (€12 each)
- Afternoon: Pastéis de Belém, then a riverside walk to the MAAT (free outside)
- Evening: Sunset at LX Factory
- Estimated cost: €85 for two

## Day 3 — Day trip to Sintra
- Train from Rossio (about 40 min, €2.40 each way)
- Pena Palace and the Moorish Castle
- Estimated cost: €95 for two
''', [
    ("Includes a day trip to Sintra on day 2", "fail", "Sintra is on Day 3; Day 2 is Belém."),
    ("Includes a fado dinner", "pass", "'Fado dinner at Tasca do Chico'."),
    ("Includes at least one free activity each day", "fail", "Day 3 has nothing marked free."),
    ("Gives estimated daily costs in euros", "pass", "'Estimated cost: €...' for each day."),
    ("Gives a total cost for the whole trip", "fail", "Only per-day estimates."),
    ("Mentions late May", "pass", "Title '(late May)'."),
    ("Says how to get to Sintra", "pass", "'Train from Rossio'."),
    ("Recommends booking the fado dinner in advance", "pass|n/a", "'(book ahead)' — 'ahead' as 'in advance'."),
    ("Is well paced", "n/a", "Matter of judgment."),
    ("Names a restaurant", "pass|n/a", "'Tasca do Chico' — knowing it is a restaurant is inferred from 'Fado dinner at'."),
    ('Day 2 is the cheapest day', 'pass|n/a', '€85 < €95 < €110 — needs comparing.'),
    ('Includes a beach day', 'fail', 'No beach.'),
])

_add("p11-lesson-plan", "lesson plan",
     "Create a 45-minute lesson plan for Year 7 science on the water cycle. Include learning objectives, a starter activity, a main activity, a plenary, differentiation for lower-attaining students, and the materials needed.",
     r'''
# Lesson plan: The water cycle
**Year 7 Science · 45 minutes**

**Learning objectives**
By the end of the lesson, students will be able to:
- Name the four main stages of the water cycle
- Explain how energy from the sun drives evaporation

**Starter (5 min):** Show a photo of a puddle on a sunny day and ask: "Where does the puddle go?"

**Main activity (25 min):** In pairs, students build a "water cycle in a bag" with water, blue food colouring and a zip-lock bag taped to the window, then label the stages on a diagram.

**Plenary (10 min):** Exit ticket — draw and label the water cycle from memory.

**Materials:** zip-lock bags, water, food colouring, tape, printed diagrams.

Differentiation for lower-attaining students.
''', [
    ("Lists learning objectives", "pass", "'**Learning objectives**' with two bullets."),
    ("Includes a plenary", "pass", "'**Plenary (10 min):**'."),
    ("Includes differentiation for lower-attaining students", "fail", "[copied] Only the brief's phrase pasted as the last line; no differentiation is described."),
    ("Lists the materials needed", "pass", "'**Materials:** ...'."),
    ("The timings add up to 45 minutes", "fail", "5 + 25 + 10 = 40 minutes."),
    ("Has at least three learning objectives", "fail", "Two objectives."),
    ("Includes an exit ticket", "pass", "'Exit ticket — draw and label ...'."),
    ("Is engaging for 11-12 year olds", "n/a", "Matter of judgment."),
    ("Names the four stages of the water cycle", "fail|n/a", "Says students will 'Name the four main stages' but never names them (only 'evaporation' appears)."),
    ('Includes pair work', 'pass|n/a', "'In pairs, students build ...'."),
    ('Sets homework', 'fail', 'No homework.'),
])

_add("p12-quiz", "quiz", "",
     r'''
# Solar System Quiz

1. Which planet is closest to the Sun?
   a) Venus  b) Mercury  c) Mars  d) Earth

2. How many planets are in our solar system?
   a) 7  b) 8  c) 9  d) 10

3. Which planet is known for its rings?
   a) Jupiter  b) Uranus  c) Saturn  d) Neptune

4. What is the largest planet?
   a) Jupiter  b) Saturn  c) Earth  d) Neptune

5. Which planet is called the Red Planet?
   a) Venus  b) Mars  c) Mercury  d) Jupiter

**Answers:** 1-b, 2-b, 3-c, 4-a, 5-b
''', [
    ("Has exactly five questions", "pass", "Questions 1–5."),
    ("Every question has four options", "pass", "a)–d) under each."),
    ("Includes an answer key", "pass", "'**Answers:** ...'."),
    ("The answer key is correct", "pass|n/a", "Mercury, 8, Saturn, Jupiter, Mars — correct, needs astronomy knowledge."),
    ("Has ten questions", "fail", "Five."),
    ("Includes a question about Pluto", "fail", "Pluto is not mentioned."),
    ("Includes a true/false question", "fail", "All multiple choice."),
    ("The answers are not all the same letter", "pass", "b, b, c, a, b."),
    ("Is suitable for children", "n/a", "Matter of judgment."),
    ('Gives 8 as the answer to question 2', 'pass|n/a', 'Key says 2-b, and option b) is 8 — needs cross-reference.'),
    ("Includes a question about Earth's moon", 'fail', 'No moon question.'),
    ('Is fun', 'n/a', 'Matter of taste.'),
])

_add("p13-song", "song lyrics",
     "Write song lyrics for an upbeat summer road-trip song with two verses, a chorus that repeats, and a bridge. The chorus should include the line 'windows down and the radio loud'.",
     r'''
[Verse 1]
Packed the car at sunrise, cooler in the back,
Map we'll never look at folded on the dash,
Your feet up on the window, singing out of key,
Nowhere we need to be.

[Chorus]
Windows down and the radio up,
Highway running like it can't get enough,
Every mile's a little bit of gold,
Summer never getting old.

[Verse 2]
Gas station sunglasses, cherry soda stains,
Racing every shadow, chasing every train,
If we hit the ocean, baby, then we'll stay,
Tomorrow's far away.

[Chorus]
Windows down and the radio up,
Highway running like it can't get enough,
Every mile's a little bit of gold,
Summer never getting old.
''', [
    ("Has two verses", "pass", "[Verse 1] and [Verse 2]."),
    ("Includes a bridge", "fail", "No bridge section."),
    ("The chorus repeats", "pass", "[Chorus] appears twice with identical lines."),
    ("The chorus includes the line 'windows down and the radio loud'", "fail", "The line is 'Windows down and the radio up'."),
    ("Sections are labelled in brackets", "pass", "[Verse 1], [Chorus], [Verse 2], [Chorus]."),
    ("Mentions the ocean", "pass", "'If we hit the ocean'."),
    ("Is upbeat", "n/a", "Mood is taste."),
    ("Uses the word 'road'", "fail", "'road' never appears (Highway only)."),
    ("Is catchy", "n/a", "Matter of taste."),
    ("Has between 16 and 24 lines", "pass", "16 lyric lines (20 counting the four section labels)."),
    ('Is about a road trip', 'pass|n/a', 'Packed car, highway, gas station — by meaning.'),
    ('Names a specific city', 'fail|n/a', 'No place names; ruling out needs reading.'),
])

_add("p14-condolence", "condolence card", "",
     r'''
Dear Marisol,

I was so sorry to hear about your father's passing. I'll always remember Mr. Ortega at the hardware store, patiently explaining to me — three times — which washer I needed, and then refusing to let me pay for it.

He was one of the kindest people in this town, and I know how much he loved you and the grandkids.

Please don't feel you need to reply. I'll drop off dinner on Thursday, and I'm here whenever you want company or a walk.

With love and sympathy,
Joanne
''', [
    ("Expresses sympathy", "pass", "'I was so sorry to hear ...' and 'With love and sympathy'."),
    ("Shares a specific memory of the deceased", "pass|n/a", "The washer story — 'specific memory' judged by meaning."),
    ("Names the deceased", "pass", "'Mr. Ortega'."),
    ("Offers a concrete form of help", "pass|n/a", "'I'll drop off dinner on Thursday' — by meaning."),
    ("Says the writer will bring dinner on Friday", "fail", "Dinner is on Thursday."),
    ("Tells the recipient not to feel obliged to reply", "pass|n/a", "'Please don't feel you need to reply.' — paraphrase."),
    ("Uses the phrase 'passed away'", "fail", "Uses 'passing', not 'passed away'."),
    ("Avoids the cliché 'everything happens for a reason'", "pass", "Not present."),
    ("Is comforting", "n/a", "Matter of taste."),
    ("Has no more than three paragraphs in the body", "pass", "Three body paragraphs between greeting and sign-off."),
    ('Mentions the grandchildren', 'pass|n/a', "'the grandkids' — informal synonym."),
    ('Is sincere', 'n/a', 'Matter of taste.'),
])

_add("p15-acrostic", "acrostic poem",
     "Write an acrostic poem for the word OCEAN, where each line starts with the next letter and each line is about the sea.",
     r'''
Acrostic poem for the word OCEAN:

Out past the breakers, gulls are wheeling,
Crabs scuttle sideways under stones,
Each wave arrives with something stolen,
Always returning what it owns—
Never the same shore, never alone.
''', [
    ("The first letters of the lines spell OCEAN", "pass", "O-C-E-A-N."),
    ("Mentions gulls", "pass", "'gulls are wheeling'."),
    ("Mentions the moon", "fail", "No moon."),
    ("Every line is about the sea", "pass|n/a", "Breakers, crabs, waves, returning, shore — by meaning."),
    ("Contains only the poem", "fail", "Preamble 'Acrostic poem for the word OCEAN:'."),
    ("Each line begins with a capital letter", "pass", "O, C, E, A, N."),
    ("Is imaginative", "n/a", "Matter of taste."),
    ("Mentions whales", "fail", "No whales."),
    ('Mentions the tide', 'fail|n/a', "'tide' is absent; 'Always returning' only suggests it."),
    ('Uses personification', 'pass|n/a', "A wave 'arrives with something stolen' — by meaning."),
])

_add("p16-eulogy", "eulogy", "",
     r'''
My grandmother, Evelyn Marsh, was born in 1931 in a farmhouse without electricity and died last Tuesday with an iPad on her lap, halfway through a crossword.

She raised four children, buried two husbands, and taught fifth grade in Millbrook for thirty-one years. Her former students still stop us in the supermarket to tell us she was the first teacher who made them feel smart.

She was not a soft woman. She was fair, and she was funny, and she did not suffer fools, or slow drivers, or anyone who put ketchup on eggs.

Grandma, thank you for every card with a five-dollar bill in it, and for every hard truth you told us because you loved us.

We'll miss you.
''', [
    ("Gives the deceased's full name", "pass", "'Evelyn Marsh'."),
    ("Says how many children she raised", "pass", "'raised four children'."),
    ("Says she taught for 21 years", "fail", "She taught thirty-one years."),
    ("Says she taught for 31 years", "pass", "'thirty-one years' (number in words)."),
    ("Includes a touch of humour", "pass|n/a", "'anyone who put ketchup on eggs' — by meaning."),
    ("Addresses the deceased directly", "pass|n/a", "'Grandma, thank you ...' — second-person address, by reading."),
    ("States her age at death", "fail|n/a", "Only the birth year; the age is never stated and the death year is not given."),
    ("Is moving", "n/a", "Matter of taste."),
    ("Ends with 'We'll miss you.'", "pass", "Last line."),
    ("Mentions her car", "fail", "No car; 'car' occurs only inside 'card'."),
    ('Describes her personality', 'pass|n/a', "'fair ... funny ... did not suffer fools'."),
    ('Says she died in hospital', 'fail|n/a', "She died 'with an iPad on her lap'; no hospital."),
])

_add("p17-party-text", "dinner party invitation text", "",
     r'''
Hey everyone! 🍝 Dinner at ours on Saturday the 14th, 7pm. Jess is making her famous lasagne and I'm on dessert duty. Bring something to drink if you like — no need to bring food. There's street parking on Elm but it fills up, so maybe walk if you can. Let me know by Thursday if you can make it, and tell me about any allergies!
''', [
    ("States the date", "pass", "'Saturday the 14th'."),
    ("Asks guests to RSVP by Thursday", "pass|n/a", "'Let me know by Thursday if you can make it' — RSVP by paraphrase."),
    ("Asks about allergies", "pass", "'tell me about any allergies'."),
    ("Asks guests to bring food", "fail|n/a", "Says 'no need to bring food'; the negation needs reading."),
    ("Gives the full address", "fail", "Only 'at ours' and a street for parking; no address."),
    ("Is under 60 words", "fail", "66 whitespace tokens (64 words without the emoji and the dash)."),
    ("Ends with a question", "fail", "Ends with '!' after an imperative."),
    ("Sounds friendly", "n/a", "Matter of taste."),
    ("Says what the main dish is", "pass|n/a", "'her famous lasagne' — main dish by inference."),
    ('Suggests guests drive', 'fail|n/a', 'It suggests walking because parking fills up.'),
    ('Is casual', 'n/a', 'Matter of taste.'),
])

_add("p18-packing-list", "packing checklist",
     "Make a packing checklist for a 4-day winter camping trip. Group items into Shelter, Clothing, Cooking, and Safety; use checkboxes; include a first-aid kit and a headlamp with spare batteries.",
     r'''
Packing checklist for a 4-day winter camping trip, grouped into Shelter, Clothing, Cooking, and Safety:

**Shelter**
- [ ] 4-season tent
- [ ] Sleeping bag rated to -15°C
- [ ] Insulated sleeping pad

**Clothing**
- [ ] Merino base layers (2 sets)
- [ ] Down jacket
- [ ] Waterproof shell
- [ ] Wool socks (4 pairs)

**Cooking**
- [ ] Liquid-fuel stove + fuel
- [ ] Pot and lighter
- [ ] Insulated water bottles

**Safety**
- [ ] First-aid kit
- [ ] Headlamp
- [ ] Map and compass
''', [
    ("Groups items into Shelter, Clothing, Cooking and Safety", "pass", "Four bold group headings."),
    ("Uses checkboxes", "pass", "'- [ ]' on every item."),
    ("Includes a first-aid kit", "pass", "'First-aid kit'."),
    ("Includes a headlamp with spare batteries", "fail", "'Headlamp' alone; no batteries."),
    ("Includes spare batteries", "fail", "No batteries anywhere."),
    ("Every group has at least three items", "pass", "3, 4, 3, 3."),
    ("Includes a satellite messenger", "fail", "Not listed."),
    ("Is comprehensive", "n/a", "Matter of judgment."),
    ("States the length of the trip", "fail", "[copied] '4-day' appears only in the preamble that restates the brief; the checklist itself gives no trip length."),
    ("Has exactly 13 items", "pass", "3 + 4 + 3 + 3 = 13 checkbox lines."),
    ('Includes navigation gear', 'pass|n/a', "'Map and compass'."),
    ('Includes a way to purify water', 'fail|n/a', 'No filter or tablets; needs reading.'),
])

_add("p19-cinquain", "cinquain poem",
     "Write a cinquain about autumn leaves. Follow the 2-4-6-8-2 syllable pattern and don't use the word 'fall'.",
     r'''
Cinquain about autumn leaves (2-4-6-8-2 syllables, no use of the word 'fall'):

Leaves drop,
rust, amber, gold,
spinning down from the oaks,
they gather where the sidewalk falls
to rest.
''', [
    ("Follows the 2-4-6-8-2 syllable pattern", "pass", "Leaves-drop 2; rust-am-ber-gold 4; spin-ning-down-from-the-oaks 6; they-ga-ther-where-the-side-walk-falls 8; to-rest 2."),
    ("Does not use the word 'fall'", "fail", "'falls' in line 4 of the poem is the same word in another form (the preamble also quotes 'fall')."),
    ("Names at least three colours", "pass|n/a", "rust, amber, gold — reading 'rust' and 'amber' as colours needs meaning."),
    ("Mentions oak trees", "pass", "'the oaks'."),
    ("Has a title", "fail", "No title; the first line is a descriptive preamble, not a title."),
    ("Mentions maple", "fail", "No maple."),
    ("Is evocative", "n/a", "Matter of taste."),
    ("The last line is two words", "pass", "'to rest.'"),
    ("Contains only the poem", "fail", "Starts with a preamble line describing the poem."),
    ('Evokes autumn', 'pass|n/a', 'Falling rust/amber/gold leaves — by meaning.'),
    ('Mentions wind', 'fail|n/a', "No wind; 'spinning down' only suggests it."),
])
