/**
 * The sample mail the playground opens with: the RFC 1738 Appendix example as the RFC
 * lays it out, a quoted reply whose wrapper lost its closing `>`, a wrapped URL broken
 * after a hyphen, and a few candidates a scheme parser refuses.
 */
export const APPENDIX_EXAMPLE = `Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;
type=d> but you can probably pick it up from <URL:ftp://ds.in
ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.
net/instructions/overview.html#WARNING>.`;

export const SAMPLE_MAIL = `From: Ann Example <ann@example.org>
To: Jim <jim@example.net>
Subject: Re: where is the WWW document?

On Tue, 4 Mar 1997, Jim <jim@example.net> wrote:
> Has anyone seen the CERN documents?  The list is at <URL:http://www.
> example.org/lists/www-talk.html>, but the old archive only said
> <URL:http://www.example.org/archive/1997-03/cern-pointers.html and
> then the thread died.

${APPENDIX_EXAMPLE}

The slides are at <URL:http://www.example.com/talks/url-
in-context.html>, or ask at www.example.com/contact or
write to webmaster@example.com.

Not links: http://example.com:99999/ and ftp://[::1/pub and news:.
`;
