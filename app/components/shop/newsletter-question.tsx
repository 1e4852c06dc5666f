import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * What a newsletter link opens: the question and one button that posts it (issue 21). Opening the link changes
 * nothing, so a mail scanner following every link in an email does not answer for the reader.
 */
export function NewsletterQuestion({ question, answer }: { question: string; answer: string }) {
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-4xl font-semibold">Newsletter</h1>
      <p className="mt-4">{question}</p>
      <Form method="post" className="mt-8">
        <Button type="submit" disabled={submitting}>
          {answer}
        </Button>
      </Form>
    </div>
  );
}
