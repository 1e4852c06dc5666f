/** The paragraphs of a page staff write (Our Story, the Privacy Policy), each keeping its own line breaks. */
export function WrittenParagraphs({ paragraphs }: { paragraphs: readonly string[] }) {
  return (
    <div className="mt-8 space-y-5 text-lg leading-relaxed">
      {paragraphs.map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
